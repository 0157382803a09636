#include "ui/attention_heatmap_view.h"
#include "core/common/defaults.h"

#include "ui/color_map.h"
#include "ui/plot_axes.h"
#include "ui/time_format.h"

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

    // Window boundaries, where they are far enough apart to read.
    painter.setPen(QPen(QColor(255, 255, 255, 150), 1));
    const double windowFrames
        = static_cast<double>(result_->protocol.windows.windowSteps * index_.framesPerStep());
    if (frames.widthPx / frames.visibleFrames * windowFrames >= 6.0) {
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
        tr("colour: %1").arg(colors.label));
}

QString AttentionHeatmapView::describeAt(const QPointF& position) const
{
    const QRectF plot = plotRect();
    if (index_.isEmpty() || !plot.contains(position))
        return {};
    const int64_t frame = frameAtX(position.x());
    const int64_t step = index_.stepOfFrame(frame);
    const int windowIndex = index_.windowOfStep(step);
    const analysis::WindowResult* window = index_.window(windowIndex);
    if (!window)
        return {};
    const int64_t firstFrame = step * index_.framesPerStep();
    const int64_t lastFrame = step == index_.steps() - 1 ? std::max(window->lastFrame, firstFrame)
                                                         : firstFrame + index_.framesPerStep() - 1;
    QString text = tr("<b>Window %1</b> (snippets %2–%3), score %4<br>")
                       .arg(windowIndex)
                       .arg(window->firstStep)
                       .arg(window->lastStep)
                       .arg(window->score, 0, 'f', 3);
    text += tr("Snippet %1 (step %2 of the window's 0–%3)<br>frames %4–%5, %6–%7<br>")
                .arg(step)
                .arg(step - window->firstStep)
                .arg(window->lastStep - window->firstStep)
                .arg(firstFrame)
                .arg(lastFrame)
                .arg(formatTime(firstFrame / fps_, true))
                .arg(formatTime((lastFrame + 1) / fps_, true));
    const int hoveredRow = rowAt(position.y());
    for (int row = 0; row < index_.rows(); ++row) {
        const QString line
            = tr("row %1: %2 (× T = %3)")
                  .arg(row)
                  .arg(index_.weightAt(frame, row), 0, 'f', 3)
                  .arg(index_.valueAt(frame, row, AttentionScale::WeightTimesSteps), 0, 'f', 2);
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
