#include "ui/live/live_timeline_view.h"
#include "ui/common/threshold_text.h"

#include "ui/common/time_format.h"
#include "ui/plots/color_map.h"
#include "ui/plots/matrix_painter.h"
#include "ui/timeline/attention_scale.h"
#include "ui/timeline/timeline_legend.h"
#include "ui/timeline/timeline_viewport.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>

namespace vigil::ui {
namespace {

const QColor kCurveColor(31, 119, 180);
const QColor kOnColor(214, 39, 40);
const QColor kOffColor(214, 39, 40, 150);
const QColor kUnscoredColor(128, 128, 128, 70);
const QColor kNoStreamHatch(90, 90, 90, 120);
constexpr double kScoreShare = 0.6; // of the plots' height; the heatmap rows take the rest
constexpr int kTopMarginPx = 8;
constexpr int kTimeAxisPx = 22; // under the score plot, as under the file timeline
constexpr int kLegendPx = 16; // above the heatmap: what its colours stand for
constexpr int kBottomMarginPx = 4;

// The attention of a step on the file views' default scale, so a colour is the same number in
// both windows: the softmax weight the step got in the window it completed (the newest, the
// only one scored yet: a live view cannot wait for the later windows that will hold it too).
// A young watch's first windows hold 1, 2, 3 ... steps, so its first weights are larger; the
// tooltip gives × T beside each, where uniform is 1 in a window of any length.
QColor attentionColor(const live::LiveStep& step, size_t row)
{
    return attentionColorScale(kDefaultAttentionScale)
        .colorOf(scaledWeight(step.attention[row], step.windowSteps, kDefaultAttentionScale));
}

ColorScale attentionBarScale()
{
    return attentionColorScale(kDefaultAttentionScale);
}

double seconds(int64_t us)
{
    return static_cast<double>(us) / 1e6;
}

} // namespace

LiveTimelineView::LiveTimelineView(const LiveTimelineRing* ring, QWidget* parent)
    : QWidget(parent)
    , ring_(ring)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
}

void LiveTimelineView::setThresholds(float on, float off)
{
    on_ = on;
    off_ = off;
    update();
}

void LiveTimelineView::setVisibleSpanUs(int64_t spanUs)
{
    spanUs_ = std::max<int64_t>(spanUs, 1000000);
    update();
}

void LiveTimelineView::setViewEndUs(std::optional<int64_t> endUs)
{
    endUs_ = endUs;
    update();
}

int64_t LiveTimelineView::shownEndUs() const
{
    const int64_t newest = std::max(ring_->lastUs(), spanUs_);
    return endUs_ ? std::min(*endUs_, newest) : newest;
}

QRectF LiveTimelineView::scorePlotRect() const
{
    const double plots = height() - kTopMarginPx - kTimeAxisPx - kLegendPx - kBottomMarginPx;
    return QRectF(kPlotLeftMarginPx, kTopMarginPx,
        std::max(1, width() - kPlotLeftMarginPx - kPlotRightMarginPx),
        std::max(1.0, plots * kScoreShare));
}

QRectF LiveTimelineView::heatmapRect() const
{
    const QRectF scores = scorePlotRect();
    const double top = scores.bottom() + kTimeAxisPx + kLegendPx;
    return QRectF(
        scores.left(), top, scores.width(), std::max(1.0, height() - kBottomMarginPx - top));
}

double LiveTimelineView::xOfUs(int64_t us) const
{
    const QRectF plot = scorePlotRect();
    return plot.left()
        + plot.width() * static_cast<double>(us - shownStartUs()) / static_cast<double>(spanUs_);
}

int LiveTimelineView::attentionRows() const
{
    size_t rows = 0;
    for (const live::LiveStep& step : ring_->steps())
        rows = std::max(rows, step.attention.size());
    return static_cast<int>(rows);
}

std::vector<ThresholdLine> LiveTimelineView::thresholdLines() const
{
    // on >= off: "on" above its line and "off" under its own never overlap.
    return { { on_, kOnColor, Qt::DashLine, 1.5, tr("on %1").arg(thresholdText(on_)), QString() },
        { off_, kOffColor, Qt::DotLine, 1.5, QString(), tr("off %1").arg(thresholdText(off_)) } };
}

std::vector<LegendEntry> LiveTimelineView::legendEntries() const
{
    using Swatch = LegendEntry::Swatch;
    return { { Swatch::Line, kCurveColor, tr("score (each step)") },
        { Swatch::Band, kUnscoredColor, tr("not scored (skipped, or window too thin)") },
        { Swatch::HatchedBand, kUnscoredColor, tr("no stream") },
        { Swatch::Dash, kOnColor, tr("on: an alert opens") },
        { Swatch::Dot, kOffColor, tr("off: it closes below") } };
}

// Over the oldest scores: at the right while the steps do not reach the middle yet.
Qt::Alignment LiveTimelineView::legendSide() const
{
    return xOfUs(ring_->lastUs()) < scorePlotRect().center().x() ? Qt::AlignRight : Qt::AlignLeft;
}

std::vector<PlotLabel> LiveTimelineView::gapLabels() const
{
    const QRectF plot = scorePlotRect();
    const QFontMetricsF metrics(font());
    std::vector<PlotLabel> labels;
    for (const live::LiveStep& step : ring_->steps()) {
        if (step.kind != live::LiveStep::Kind::NoStream)
            continue;
        const double x0 = std::max(xOfUs(step.startUs), plot.left());
        const double x1 = std::min(xOfUs(step.endUs), plot.right());
        if (x1 < x0)
            continue;
        const QString text = tr("gap %1 s").arg(seconds(step.endUs - step.startUs), 0, 'f', 1);
        const double width = metrics.horizontalAdvance(text) + 8;
        const double left = std::clamp(
            (x0 + x1 - width) / 2.0, plot.left(), std::max(plot.left(), plot.right() - width));
        labels.push_back(
            { QRectF(left, plot.top() + 2, width, metrics.height()), text, Qt::AlignCenter });
    }
    return labels;
}

std::vector<PlotLabel> LiveTimelineView::labels() const
{
    const QRectF scores = scorePlotRect();
    const QFontMetricsF metrics(font());
    std::vector<PlotLabel> all = scoreAxisLabels(scores, scoreAxis_, metrics);
    for (const ThresholdLine& line : thresholdLines())
        for (PlotLabel& label : thresholdLabels(scores, scoreAxis_, line, metrics))
            all.push_back(std::move(label));
    for (PlotLabel& label :
        timeAxisLabels(scores, seconds(shownStartUs()), seconds(shownEndUs()), kTimeAxisPx))
        all.push_back(std::move(label));
    if (ring_->size() == 0)
        return all;
    for (PlotLabel& label : gapLabels())
        all.push_back(std::move(label));
    for (PlotLabel& label : legendLabels(scores, legendEntries(), metrics, legendSide()))
        all.push_back(std::move(label));
    for (PlotLabel& label : rowLabels(heatmapRect(), attentionRows()))
        all.push_back(std::move(label));
    if (attentionRows() > 0)
        all.push_back(colorLegendLabel());
    return all;
}

// Above the heatmap, right-aligned so that a long one reaches into the plot's margin.
PlotLabel LiveTimelineView::colorLegendLabel() const
{
    return { QRectF(0, heatmapRect().top() - kLegendPx, width() - 4, kLegendPx),
        tr("colour: each snippet's %1, in the window it completed").arg(attentionBarScale().label),
        Qt::AlignRight | Qt::AlignVCenter };
}

const live::LiveStep* LiveTimelineView::stepAt(int64_t us) const
{
    const auto& steps = ring_->steps();
    for (auto it = steps.rbegin(); it != steps.rend(); ++it)
        if (it->startUs <= us && us < it->endUs)
            return &*it;
    return nullptr;
}

QString LiveTimelineView::hoverTextAt(const QPointF& position) const
{
    const QRectF scores = scorePlotRect();
    if (position.x() < scores.left() || position.x() > scores.right())
        return {};
    const auto us = shownStartUs()
        + static_cast<int64_t>(
            (position.x() - scores.left()) / scores.width() * static_cast<double>(spanUs_));
    const live::LiveStep* step = stepAt(us);
    if (!step)
        return {};
    QString text = QStringLiteral("%1–%2  ").arg(
        formatTime(seconds(step->startUs), true), formatTime(seconds(step->endUs), true));
    if (step->kind == live::LiveStep::Kind::NoStream)
        text += tr("no stream (gap %1 s)").arg(seconds(step->endUs - step->startUs), 0, 'f', 1);
    else if (step->kind == live::LiveStep::Kind::Unscored)
        text += tr("not scored (too few of its window's steps were scored)");
    else if (!step->score)
        text += tr("not scored (skipped to stay live)");
    else
        text += tr("score %1").arg(static_cast<double>(*step->score), 0, 'f', 3);
    for (size_t row = 0; row < step->attention.size(); ++row)
        text += QStringLiteral("\n")
            + tr("row %1: %2 (× T = %3)")
                  .arg(row)
                  .arg(static_cast<double>(step->attention[row]), 0, 'f', 3)
                  .arg(scaledWeight(step->attention[row], step->windowSteps,
                           AttentionScale::WeightTimesSteps),
                      0, 'f', 2);
    return text;
}

bool LiveTimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString hover = hoverTextAt(help->pos());
        if (hover.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), hover, this);
        return true;
    }
    return QWidget::event(event);
}

void LiveTimelineView::mouseMoveEvent(QMouseEvent* event)
{
    const QString hover = hoverTextAt(event->position());
    if (hover.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), hover, this);
    QWidget::mouseMoveEvent(event);
}

void LiveTimelineView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    const QRectF scores = scorePlotRect();
    const QRectF heatmap = heatmapRect();
    paintScoreAxis(painter, scores, scoreAxis_, palette());
    paintTimeAxis(painter, scores, seconds(shownStartUs()), seconds(shownEndUs()), kTimeAxisPx,
        palette().color(QPalette::Text));
    if (ring_->size() > 0) {
        painter.save();
        painter.setClipRect(scores);
        paintScores(painter, scores);
        painter.restore();
    } else {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(scores, Qt::AlignCenter, tr("Waiting for the first scored step…"));
    }
    for (const ThresholdLine& line : thresholdLines())
        paintThresholdLine(painter, scores, scoreAxis_, line);
    if (ring_->size() == 0)
        return;
    QColor background = palette().color(QPalette::Base);
    background.setAlpha(210);
    for (const PlotLabel& label : gapLabels()) {
        painter.fillRect(label.rect, background);
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(label.rect, static_cast<int>(label.alignment), label.text);
    }
    paintLegend(painter, scores, legendEntries(), palette(), legendSide());
    paintHeatmap(painter, heatmap);
}

namespace {

void paintUnscored(QPainter& painter, const QRectF& band, live::LiveStep::Kind kind)
{
    painter.fillRect(band, kUnscoredColor);
    if (kind == live::LiveStep::Kind::NoStream)
        painter.fillRect(band, QBrush(kNoStreamHatch, Qt::BDiagPattern));
}

} // namespace

void LiveTimelineView::paintScores(QPainter& painter, const QRectF& area) const
{
    QPainterPath curve;
    // A scored step between unscored ones is a run of one point, which a path does not draw:
    // it is drawn as a dot (with most snippets skipped, the chart was empty).
    std::optional<QPointF> runStart;
    std::vector<QPointF> lonePoints;
    const auto endRun = [&] {
        if (runStart)
            lonePoints.push_back(*runStart);
        runStart.reset();
    };
    bool isDrawing = false;
    for (const live::LiveStep& step : ring_->steps()) {
        const double x0 = xOfUs(step.startUs);
        const double x1 = xOfUs(step.endUs);
        const bool isShown = x1 >= area.left() && x0 <= area.right();
        if (!isShown || !step.score) {
            endRun();
            isDrawing = false;
            if (isShown)
                paintUnscored(painter, QRectF(x0, area.top(), x1 - x0, area.height()), step.kind);
            continue;
        }
        const QPointF point((x0 + x1) / 2,
            scoreAxis_.yOf(std::clamp(*step.score, 0.0f, 1.0f), area.top(), area.height()));
        if (isDrawing) {
            curve.lineTo(point);
            runStart.reset();
        } else {
            curve.moveTo(point);
            runStart = point;
        }
        isDrawing = true;
    }
    endRun();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(kCurveColor, 2));
    painter.drawPath(curve);
    painter.setBrush(kCurveColor);
    for (const QPointF& point : lonePoints)
        painter.drawEllipse(point, 2.5, 2.5);
    painter.setBrush(Qt::NoBrush);
    painter.setRenderHint(QPainter::Antialiasing, false);
}

void LiveTimelineView::paintHeatmap(QPainter& painter, const QRectF& area) const
{
    const int rows = attentionRows();
    if (rows == 0)
        return;
    const double rowHeight = area.height() / rows;
    painter.save();
    painter.setClipRect(area);
    for (const live::LiveStep& step : ring_->steps()) {
        const double x0 = xOfUs(step.startUs);
        const double x1 = xOfUs(step.endUs);
        if (x1 < area.left() || x0 > area.right())
            continue;
        for (int r = 0; r < rows; ++r) {
            const auto row = static_cast<size_t>(r);
            const QRectF cell(x0, area.top() + rowHeight * r, std::max(x1 - x0, 1.0), rowHeight);
            painter.fillRect(
                cell, row < step.attention.size() ? attentionColor(step, row) : kUnscoredColor);
        }
    }
    painter.restore();
    painter.setPen(palette().color(QPalette::Text));
    paintPlotLabels(painter, rowLabels(area, rows));
    paintColorLegend(painter, area);
}

void LiveTimelineView::paintColorLegend(QPainter& painter, const QRectF& area) const
{
    const ColorScale scale = attentionBarScale();
    const QRectF bar(area.right() + 8, area.top(), 12, area.height());
    const double labelsX = bar.right() + 4;
    paintColorBar(painter, bar, scale, palette().color(QPalette::Text), width() - labelsX);
    painter.setPen(palette().color(QPalette::Text));
    paintPlotLabels(painter, { colorLegendLabel() });
}

} // namespace vigil::ui
