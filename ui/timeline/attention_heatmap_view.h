#pragma once
// AttentionHeatmapView: one band per attention row of the classifier, aligned under the
// timeline; the colour of each snippet is that row's weight on it by AttentionIndex's rule (the
// mean over the windows that contain it of the weight each gave it), raw or × T
// (AttentionScale), with a colour bar whose legend says which. Hovering gives the rule, how many
// windows were averaged and the weight in the window under the playhead. GUI thread only; the
// viewport is shared with the timeline so both zoom and pan together.

#include "core/common/defaults.h"
#include "ui/plots/matrix_painter.h"
#include "ui/tasks/analysis_worker.h"
#include "ui/timeline/attention_index.h"
#include "ui/timeline/frame_axis_widget.h"

namespace vigil::ui {

class AttentionHeatmapView : public FrameAxisWidget {
    Q_OBJECT
public:
    explicit AttentionHeatmapView(TimelineViewport* viewport, QWidget* parent = nullptr);

    void setResult(ResultPointer result); // nullptr clears it
    void setFramesPerSecond(double fps);
    void setScale(AttentionScale scale);
    AttentionScale scale() const { return scale_; }
    // The colours drawn now, with their legend.
    ColorScale colorScale() const;
    // The line above the colour bar: the rule and the scale.
    QString legend() const;
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
    // The window whose weight the tooltip gives beside the mean: the playhead's when it holds
    // the step, else the one the window detail shows with the playhead on the step.
    int comparedWindow(int64_t step) const;

    ResultPointer result_;
    AttentionIndex index_;
    double fps_ = defaults::kFallbackFps;
    AttentionScale scale_ = kDefaultAttentionScale;
};

} // namespace vigil::ui
