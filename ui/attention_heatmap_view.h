#pragma once
// AttentionHeatmapView: one band per attention row of the classifier, aligned under the
// timeline; the colour of each snippet is that row's softmax weight on it within its window
// (viridis, with a colour bar). Hovering explains the cell. GUI thread only; the viewport is
// shared with the timeline so both zoom and pan together.

#include "ui/analysis_worker.h"
#include "ui/attention_index.h"
#include "ui/frame_axis_widget.h"

namespace vigil::ui {

class AttentionHeatmapView : public FrameAxisWidget {
    Q_OBJECT
public:
    explicit AttentionHeatmapView(TimelineViewport* viewport, QWidget* parent = nullptr);

    void setResult(ResultPointer result); // nullptr clears it
    void setFramesPerSecond(double fps);
    const AttentionIndex& index() const { return index_; }
    // What the tooltip says about the cell under position; empty outside the cells.
    QString describeAt(const QPointF& position) const;

    QSize sizeHint() const override { return { 800, 30 + 26 * std::max(index_.rows(), 3) }; }
    QSize minimumSizeHint() const override { return { 300, 60 }; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    void paintCells(QPainter& painter) const;
    void paintLabels(QPainter& painter) const;
    void paintColorBar(QPainter& painter) const;
    int rowAt(double y) const;

    ResultPointer result_;
    AttentionIndex index_;
    double fps_ = 25.0;
};

} // namespace vigil::ui
