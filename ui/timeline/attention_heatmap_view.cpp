#include "ui/timeline/attention_heatmap_view.h"
#include "core/common/defaults.h"

#include "ui/plots/color_map.h"
#include "ui/plots/plot_axes.h"

#include <QFontMetricsF>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace vigil::ui {

AttentionHeatmapView::AttentionHeatmapView(TimelineViewport* viewport, QWidget* parent)
    : FrameAxisWidget(viewport, parent)
{
    setMouseTracking(true);
}

void AttentionHeatmapView::setResult(ResultPointer result)
{
    result_ = std::move(result);
    index_ = AttentionIndex(result_.get());
    updateGeometry();
    update();
}

void AttentionHeatmapView::setFramesPerSecond(double fps)
{
    fps_ = defaults::fpsOrFallback(fps);
}

void AttentionHeatmapView::setScale(AttentionScale scale)
{
    if (scale == scale_)
        return;
    scale_ = scale;
    update();
}

ColorScale AttentionHeatmapView::colorScale() const
{
    return attentionColorScale(scale_);
}

int AttentionHeatmapView::rowAt(double y) const
{
    const QRectF plot = plotRect();
    if (index_.rows() <= 0 || y < plot.top() || y >= plot.bottom())
        return -1;
    return std::clamp(
        static_cast<int>((y - plot.top()) / plot.height() * index_.rows()), 0, index_.rows() - 1);
}

void AttentionHeatmapView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    if (index_.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(plotRect(), Qt::AlignCenter | Qt::TextWordWrap,
            tr("Attention of each classifier row appears here window by window as the analysis "
               "scores them"));
        return;
    }
    paintCells(painter);
    paintLabels(painter);
    paintLegend(painter);
    paintPlayhead(painter);
}

// One pixel per column and row, scaled up without smoothing: O(width x rows) per paint.
void AttentionHeatmapView::paintCells(QPainter& painter) const
{
    const QRectF plot = plotRect();
    const FrameAxis frames = axis();
    const int columns = std::max(1, static_cast<int>(plot.width()));
    const int rows = index_.rows();
    QImage cells(columns, rows, QImage::Format_RGB32);
    cells.fill(palette().color(QPalette::Window));
    const int64_t frameCount = viewport()->frameCount();
    const ColorScale colors = colorScale();
    for (int column = 0; column < columns; ++column) {
        const auto frame
            = static_cast<int64_t>(std::floor(frames.frameAt(plot.left() + column + 0.5)));
        if (frame < 0 || frame >= frameCount)
            continue;
        for (int row = 0; row < rows; ++row) {
            const double value = index_.valueAt(frame, row, scale_);
            if (value >= 0.0)
                cells.setPixel(column, row, colors.colorOf(value).rgb());
        }
    }
    painter.drawImage(plot, cells);

    // Window boundaries, where they are far enough apart to read, and only when windows do not
    // overlap: overlapping windows' starts are no edge of the colours (each is a mean of many).
    painter.setPen(QPen(QColor(255, 255, 255, 150), 1));
    const analysis::WindowSettings& settings = result_->protocol.windows;
    const double windowFrames = static_cast<double>(settings.windowSteps * index_.framesPerStep());
    if (settings.strideSteps >= settings.windowSteps
        && frames.widthPx / frames.visibleFrames * windowFrames >= 6.0) {
        for (size_t w = 1; w < result_->windows.size(); ++w) {
            const double x
                = std::round(frames.xOf(static_cast<double>(result_->windows[w].firstFrame)));
            if (x > plot.left() && x < plot.right())
                painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        }
    }
    painter.setPen(QPen(palette().color(QPalette::Base), 1));
    for (int row = 1; row < rows; ++row) {
        const double y = std::round(plot.top() + plot.height() * row / rows);
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    }
}

void AttentionHeatmapView::paintLabels(QPainter& painter) const
{
    painter.setPen(palette().color(QPalette::Text));
    paintPlotLabels(painter, rowLabels(plotRect(), index_.rows()));
}

void AttentionHeatmapView::paintLegend(QPainter& painter) const
{
    const QRectF plot = plotRect();
    const QRectF bar(plot.right() + 8, plot.top(), 12, plot.height());
    const ColorScale colors = colorScale();
    const double labelsX = bar.right() + 4;
    vigil::ui::paintColorBar(
        painter, bar, colors, palette().color(QPalette::Text), width() - labelsX);
    // The legend above the bar, right-aligned so that a long one reaches into the plot's margin.
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRectF(0, 0, width() - 4, topMarginPx()), Qt::AlignRight | Qt::AlignVCenter,
        QFontMetricsF(painter.font()).elidedText(legend(), Qt::ElideRight, width() - 8));
}

QString AttentionHeatmapView::legend() const
{
    // The scale first: where the legend is elided, what the colours are survives.
    return tr("colour: %1 — each snippet's mean over the windows that hold it")
        .arg(colorScale().label);
}

int AttentionHeatmapView::comparedWindow(int64_t step) const
{
    const int playheadWindow = index_.windowOfFrame(playheadFrame());
    if (index_.weightInWindow(playheadWindow, step, 0, scale_) >= 0.0)
        return playheadWindow;
    return index_.windowOfStep(step);
}

QString AttentionHeatmapView::describeAt(const QPointF& position) const
{
    const QRectF plot = plotRect();
    if (index_.isEmpty() || !plot.contains(position))
        return {};
    const int64_t step = index_.stepOfFrame(frameAtX(position.x()));
    const int windowIndex = comparedWindow(step);
    const analysis::WindowResult* window = index_.window(windowIndex);
    if (!window)
        return {};
    const analysis::SnippetPlace place = index_.placeOf(step, fps_);
    QString text = tr("<b>Snippet %1</b>: frames %2–%3, %4–%5<br>")
                       .arg(step)
                       .arg(place.firstFrame)
                       .arg(place.lastFrame)
                       .arg(QString::fromStdString(analysis::formatSnippetTime(place.startS)),
                           QString::fromStdString(analysis::formatSnippetTime(place.endS)));
    const int averaged = index_.windowsAveraged(step, 0);
    // The rule, in the words of its case: with windows that do not overlap there is no mean.
    text += (averaged == 1 ? tr("Colour: the weight the one window holding it gave it")
                           : tr("Colour: the mean of the weights the %1 windows holding it gave it")
                                 .arg(averaged))
        + QStringLiteral(" (%1)<br>").arg(attentionScaleLabel(scale_));
    const bool isPlayheads = windowIndex == index_.windowOfFrame(playheadFrame());
    text += (isPlayheads ? tr("Window %1, under the playhead") : tr("Window %1")).arg(windowIndex)
        + tr(" (snippets %1–%2, score %3): step %4 of its 0–%5<br>")
              .arg(window->firstStep)
              .arg(window->lastStep)
              .arg(window->score, 0, 'f', 3)
              .arg(step - window->firstStep)
              .arg(window->lastStep - window->firstStep);
    const int hoveredRow = rowAt(position.y());
    const int decimals = scale_ == AttentionScale::WeightTimesSteps ? 2 : 3;
    for (int row = 0; row < index_.rows(); ++row) {
        const QString line
            = tr("row %1: mean %2; in window %3: %4")
                  .arg(row)
                  .arg(index_.meanAtStep(step, row, scale_), 0, 'f', decimals)
                  .arg(windowIndex)
                  .arg(index_.weightInWindow(windowIndex, step, row, scale_), 0, 'f', decimals);
        text += (row == hoveredRow ? QStringLiteral("<b>%1</b>").arg(line) : line)
            + (row + 1 < index_.rows() ? QStringLiteral("<br>") : QString());
    }
    return text;
}

void AttentionHeatmapView::mouseMoveEvent(QMouseEvent* event)
{
    if (event->buttons() == Qt::NoButton) {
        const QString text = describeAt(event->position());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(event->globalPosition().toPoint(), text, this);
    }
    FrameAxisWidget::mouseMoveEvent(event);
}

} // namespace vigil::ui
