#pragma once
// AttentionHeatmapView: one band per attention row of the classifier, aligned under the
// timeline; the colour of each snippet is that row's softmax weight on it within its window, raw
// or × T (AttentionScale), in viridis with a colour bar whose legend says which. Hovering
// explains the cell. GUI thread only; the viewport is
// shared with the timeline so both zoom and pan together.

#include "core/common/defaults.h"
#include "ui/analysis_worker.h"
#include "ui/attention_index.h"
#include "ui/frame_axis_widget.h"
#include "ui/matrix_painter.h"

namespace vigil::ui {

class AttentionHeatmapView : public FrameAxisWidget {
    Q_OBJECT
public:
    explicit AttentionHeatmapView(TimelineViewport* viewport, QWidget* parent = nullptr);

    void setResult(ResultPointer result); // nullptr clears it
    void setFramesPerSecond(double fps);
    void setScale(AttentionScale scale);
    AttentionScale scale() const { return scale_; }
    // The colours drawn now: 0 .. the largest value in the scale, with its legend.
    ColorScale colorScale() const;
    const AttentionIndex& index() const { return index_; }
    // What the tooltip says about the cell under position; empty outside the cells.
    QString describeAt(const QPointF& position) const;

    QSize sizeHint() const override { return { 800, 44 + 26 * std::max(index_.rows(), 3) }; }
    QSize minimumSizeHint() const override { return { 300, 50 }; }

protected:
    int topMarginPx() const override { return 16; } // the colour bar's legend
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    void paintCells(QPainter& painter) const;
    void paintLabels(QPainter& painter) const;
    void paintLegend(QPainter& painter) const; // the colour bar and what it shows
    int rowAt(double y) const;

    ResultPointer result_;
    AttentionIndex index_;
    double fps_ = defaults::kFallbackFps;
    AttentionScale scale_ = AttentionScale::WeightTimesSteps;
};

} // namespace vigil::ui
