#include "ui/timeline/timeline_view.h"
#include "core/common/defaults.h"
#include "ui/common/threshold_text.h"

#include "ui/common/time_format.h"
#include "ui/plots/plot_axes.h"
#include "ui/timeline/timeline_legend.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil::ui {
namespace {

const QColor kCurveColor = DetectorCurves::attentionColor();
const QColor kEventColor(255, 127, 14, 70);
const QColor kThresholdColor(214, 39, 40);

} // namespace

TimelineView::TimelineView(TimelineViewport* viewport, QWidget* parent)
    : FrameAxisWidget(viewport, parent)
{
    setMouseTracking(true);
}

namespace {

QString helpText()
{
    return TimelineView::tr("Click or drag to seek, wheel to zoom, Shift+wheel or middle drag to "
                            "pan, Ctrl+wheel to zoom the score axis; drag the red line to change "
                            "the threshold");
}

} // namespace

QString TimelineView::hoverTextAt(double x) const
{
    const int64_t frame = frameAtX(x);
    if (frame < 0)
        return {};
    const auto index = static_cast<size_t>(frame);
    const bool hasPts = result_ && index < result_->framePtsUs.size();
    const double seconds = hasPts ? static_cast<double>(result_->framePtsUs[index]) / 1e6
                                  : static_cast<double>(frame) / fps_;
    const bool isScored = result_ && index < result_->frameScores.size();
    return tr("%1  frame %2  %3")
               .arg(formatTime(seconds, true))
               .arg(frame)
               .arg(isScored ? tr("score %1").arg(result_->frameScores[index], 0, 'f', 3)
                             : tr("not scored"))
        + curves_.hoverText(frame);
}

QStringList TimelineView::legendLabels() const
{
    return timelineLegendLabels();
}

void TimelineView::fitScoreAxis(bool isFitted)
{
    isScoreAxisFitted_ = isFitted;
    if (isFitted && result_ && !result_->frameScores.empty()) {
        const auto [low, high]
            = std::minmax_element(result_->frameScores.begin(), result_->frameScores.end());
        // Every visible curve stays in view, the detectors' too (issue 37).
        const auto detectors = curves_.shownRange();
        scoreAxis_.fitTo(detectors ? std::min(*low, detectors->first) : *low,
            detectors ? std::max(*high, detectors->second) : *high);
    } else {
        scoreAxis_.reset();
    }
    update();
}

bool TimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString hover = hoverTextAt(help->pos().x());
        QToolTip::showText(
            help->globalPos(), hover.isEmpty() ? helpText() : hover + "\n" + helpText(), this);
        return true;
    }
    return FrameAxisWidget::event(event);
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    if (!(event->modifiers() & Qt::ControlModifier)) {
        FrameAxisWidget::wheelEvent(event);
        return;
    }
    const QRectF plot = plotRect();
    const double score = scoreAxis_.scoreAt(event->position().y(), plot.top(), plot.height());
    scoreAxis_.zoomAround(score, std::pow(0.8, event->angleDelta().y() / 120.0));
    update();
    event->accept();
}

void TimelineView::setCurveShown(int curve, bool isShown)
{
    curves_.setShown(curve, isShown);
    update();
}

QRectF TimelineView::stripRect() const
{
    if (!curves_.hasDetectors())
        return {};
    const QRectF plot = plotRect();
    return { plot.left(), plot.bottom() + 2, plot.width(), DetectorCurves::kStripPx };
}

void TimelineView::setResult(ResultPointer result)
{
    result_ = std::move(result);
    envelope_ = result_ ? ScoreEnvelope(result_->frameScores) : ScoreEnvelope();
    curves_.setResult(result_.get());
    windowFirstFrames_.clear();
    if (result_)
        for (const auto& window : result_->windows)
            windowFirstFrames_.push_back(window.firstFrame);
    fitScoreAxis(isScoreAxisFitted_); // the scores of a run still going grow window by window
}

void TimelineView::setScorerThresholds(const std::vector<double>& thresholds)
{
    curves_.setThresholds(thresholds);
    update();
}

void TimelineView::setEvents(const std::vector<analysis::ScoreEvent>& events)
{
    events_.setEvents(events);
    update();
}

void TimelineView::setFramesPerSecond(double fps)
{
    fps_ = defaults::fpsOrFallback(fps);
    update();
}

void TimelineView::setThreshold(double threshold)
{
    threshold = std::clamp(threshold, 0.0, 1.0);
    if (threshold == threshold_)
        return;
    threshold_ = threshold;
    update();
    emit thresholdChanged(threshold_);
}

double TimelineView::yOfScore(double score) const
{
    const QRectF plot = plotRect();
    return scoreAxis_.yOf(score, plot.top(), plot.height());
}

bool TimelineView::isNearThreshold(const QPointF& position) const
{
    return plotRect().adjusted(0, -6, 0, 6).contains(position)
        && std::abs(position.y() - yOfScore(threshold_)) <= 5.0;
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && isNearThreshold(event->position())) {
        isDraggingThreshold_ = true;
        event->accept();
        return;
    }
    FrameAxisWidget::mousePressEvent(event);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (isDraggingThreshold_) {
        const QRectF plot = plotRect();
        const double score = scoreAxis_.scoreAt(event->position().y(), plot.top(), plot.height());
        setThreshold(std::round(std::clamp(score, 0.0, 1.0) * 100.0) / 100.0);
        return;
    }
    if (!(event->buttons() & (Qt::LeftButton | Qt::MiddleButton))) {
        setCursor(isNearThreshold(event->position()) ? Qt::SizeVerCursor : Qt::ArrowCursor);
        if (const QString hover = hoverTextAt(event->position().x()); !hover.isEmpty())
            QToolTip::showText(event->globalPosition().toPoint(), hover, this);
    }
    FrameAxisWidget::mouseMoveEvent(event);
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    isDraggingThreshold_ = false;
    FrameAxisWidget::mouseReleaseEvent(event);
}

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    paintGrid(painter);
    const bool hasScores = result_ && !result_->frameScores.empty();
    if (hasScores) {
        painter.save();
        painter.setClipRect(plotRect()); // scores outside a zoomed score axis
        paintEventsAndCurve(painter);
        paintWindowBoundaries(painter, plotRect(), axis(), windowFirstFrames_, palette());
        curves_.paintCurves(painter, plotRect(), axis(), scoreAxis_);
        paintUnscoredTail(painter, plotRect(), axis(),
            static_cast<int64_t>(result_->frameScores.size()), viewport()->frameCount(),
            unscoredNote(scoringState_), palette());
        painter.restore();
        curves_.paintStrip(painter, stripRect(), axis());
    }
    painter.save();
    painter.setClipRect(plotRect().adjusted(0, 0, kPlotRightMarginPx, 0));
    paintThreshold(painter);
    painter.restore();
    if (!hasScores)
        paintPlaceholder(painter, plotRect(),
            viewport()->frameCount() == 0 ? tr("Open a video (Ctrl+O) or drop one here")
                : scoringState_ == ScoringState::Cancelled
                ? tr("Not scored: the analysis was cancelled (F5 analyses the video)")
                : tr("Scores appear here window by window as the analysis runs"),
            palette());
    paintTimeAxis(painter);
    paintPlayhead(painter);
    if (hasScores)
        paintTimelineLegend(painter, plotRect(), { kCurveColor, kEventColor, kThresholdColor },
            palette(), legendSide());
}

void TimelineView::setScoringState(ScoringState state)
{
    scoringState_ = state;
    update();
}

Qt::Alignment TimelineView::legendSide() const
{
    const QFontMetricsF metrics(font());
    const auto entries
        = timelineLegendEntries({ kCurveColor, kEventColor, kThresholdColor }, palette());
    Qt::Alignment best = Qt::AlignLeft | Qt::AlignTop;
    int fewest = std::numeric_limits<int>::max();
    for (const Qt::Alignment side : { Qt::AlignLeft | Qt::AlignTop, Qt::AlignRight | Qt::AlignTop,
             Qt::AlignLeft | Qt::AlignBottom, Qt::AlignRight | Qt::AlignBottom }) {
        const QRectF box = legendBox(plotRect(), entries, metrics, side);
        if (box.isEmpty())
            continue;
        if (const int hidden = hiddenColumns(box); hidden < fewest) {
            fewest = hidden;
            best = side;
        }
    }
    return best;
}

QRectF TimelineView::legendRect() const
{
    if (!result_ || result_->frameScores.empty())
        return {};
    return legendBox(plotRect(),
        timelineLegendEntries({ kCurveColor, kEventColor, kThresholdColor }, palette()),
        QFontMetricsF(font()), legendSide());
}

// How much a box at `area` would hide: columns whose frames form an event (shaded down the
// whole plot), plus those where the curve passes through the box.
int TimelineView::hiddenColumns(const QRectF& area) const
{
    const FrameAxis frames = axis();
    const int64_t frameCount = envelope_.frameCount();
    int hidden = 0;
    for (double x = std::floor(area.left()); x < area.right(); x += 1.0) {
        const auto first = static_cast<int64_t>(std::floor(frames.frameAt(x)));
        const auto last
            = std::max(first, static_cast<int64_t>(std::ceil(frames.frameAt(x + 1))) - 1);
        if (last < 0 || first >= frameCount)
            continue;
        const double y = yOfScore(envelope_.range(first, last).max);
        hidden += (events_.holdsEvent(first, last) ? 1 : 0)
            + (y >= area.top() && y <= area.bottom() ? 1 : 0);
    }
    return hidden;
}

void TimelineView::paintGrid(QPainter& painter) const
{
    paintScoreAxis(painter, plotRect(), scoreAxis_, palette());
}

// One min/max envelope query per pixel column. Where a column holds several frames the curve
// is drawn as vertical min-max bars, batched and without antialiasing: stroking a zig-zag of a
// thousand antialiased joins costs a third of a second on a two-hour video.
void TimelineView::paintEventsAndCurve(QPainter& painter) const
{
    const QRectF plot = plotRect();
    const FrameAxis frames = axis();
    const int64_t frameCount = envelope_.frameCount();
    const int columns = static_cast<int>(plot.width());
    QPolygonF top;
    QVector<QLineF> area;
    QVector<QLineF> bars;
    int eventStart = -1;
    auto closeEvent = [&](int column) {
        if (eventStart >= 0)
            painter.fillRect(
                QRectF(plot.left() + eventStart, plot.top(), column - eventStart, plot.height()),
                kEventColor);
        eventStart = -1;
    };
    for (int column = 0; column < columns; ++column) {
        const double x = plot.left() + column;
        const auto first = static_cast<int64_t>(std::floor(frames.frameAt(x)));
        const auto last
            = std::max(first, static_cast<int64_t>(std::ceil(frames.frameAt(x + 1))) - 1);
        if (last < 0 || first >= frameCount) {
            closeEvent(column);
            continue;
        }
        const ScoreEnvelope::Range range = envelope_.range(first, last);
        const bool isEvent = events_.holdsEvent(first, last);
        if (isEvent && eventStart < 0)
            eventStart = column;
        else if (!isEvent)
            closeEvent(column);
        const double yMax = yOfScore(range.max);
        const double yMin = yOfScore(range.min);
        top << QPointF(x + 0.5, yMax);
        area << QLineF(x + 0.5, yMax, x + 0.5, plot.bottom());
        if (yMin - yMax > 1.0)
            bars << QLineF(x + 0.5, yMin, x + 0.5, yMax);
    }
    closeEvent(columns);
    if (top.isEmpty() || !curves_.isShown(0)) // hidden in the legend: its events stay
        return;
    QColor fill = kCurveColor;
    fill.setAlpha(50);
    painter.setPen(QPen(fill, 1));
    painter.drawLines(area);
    painter.setPen(QPen(kCurveColor, 1));
    painter.drawLines(bars);
    const bool isDense = frames.visibleFrames > plot.width() * 2.0;
    painter.setRenderHint(QPainter::Antialiasing, !isDense);
    painter.setPen(QPen(kCurveColor, isDense ? 1.0 : 2.0));
    painter.drawPolyline(top);
    painter.setRenderHint(QPainter::Antialiasing, false);
}

QString TimelineView::thresholdLabel() const
{
    const QString value = thresholdText(threshold_);
    if (threshold_ > scoreAxis_.high())
        return tr("%1 ▲ above").arg(value);
    if (threshold_ < scoreAxis_.low())
        return tr("%1 ▼ below").arg(value);
    return value;
}

// A threshold outside a zoomed score axis stays in sight: pinned to the plot's edge with an
// arrow saying which way it lies (it vanished before).
void TimelineView::paintThreshold(QPainter& painter) const
{
    const bool isOutside = threshold_ > scoreAxis_.high() || threshold_ < scoreAxis_.low();
    // Two short lines fit the margin that the heatmaps' colour bar shares.
    paintThresholdLine(painter, plotRect(), scoreAxis_,
        { threshold_, kThresholdColor, isOutside ? Qt::DotLine : Qt::DashLine,
            isDraggingThreshold_ ? 2.5 : 1.5, tr("threshold"), thresholdLabel() });
}

void TimelineView::paintTimeAxis(QPainter& painter) const
{
    const FrameAxis frames = axis();
    QRectF plot = plotRect();
    if (const QRectF strip = stripRect(); !strip.isEmpty())
        plot.setBottom(strip.bottom()); // the time axis goes under the agreement strip
    vigil::ui::paintTimeAxis(painter, plot, frames.firstFrame / fps_,
        (frames.firstFrame + frames.visibleFrames) / fps_, kTimeAxisPx,
        palette().color(QPalette::Text));
}

} // namespace vigil::ui
