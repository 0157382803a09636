#pragma once
// TimelineView: the anomaly score of every frame across the video as a curve (0..1), window
// boundaries, a draggable threshold line with the frames above it shaded as events, the playhead
// and a time axis. Painting asks a ScoreEnvelope once per pixel column, so it costs O(width) on a
// video of any length. GUI thread only; shares its zoom with the heatmaps through the viewport.

#include "ui/analysis_worker.h"
#include "ui/frame_axis_widget.h"
#include "ui/score_envelope.h"

#include <vector>

namespace vigil::ui {

class TimelineView : public FrameAxisWidget {
    Q_OBJECT
public:
    explicit TimelineView(TimelineViewport* viewport, QWidget* parent = nullptr);

    void setResult(ResultPointer result); // nullptr clears the curve
    void setFramesPerSecond(double fps);
    double threshold() const { return threshold_; }
    // The y of a score in the plot; public so tests can aim at the threshold line.
    double yOfScore(double score) const;

    QSize sizeHint() const override { return { 800, 160 }; }
    QSize minimumSizeHint() const override { return { 300, 110 }; }

public slots:
    void setThreshold(double threshold);

signals:
    void thresholdChanged(double threshold);

protected:
    int bottomMarginPx() const override { return 22; }
    int topMarginPx() const override { return 8; }
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    bool isNearThreshold(const QPointF& position) const;
    void paintGrid(QPainter& painter) const;
    void paintEventsAndCurve(QPainter& painter) const;
    void paintWindowBoundaries(QPainter& painter) const;
    void paintThreshold(QPainter& painter) const;
    void paintTimeAxis(QPainter& painter) const;

    ResultPointer result_;
    ScoreEnvelope envelope_;
    std::vector<int64_t> windowFirstFrames_;
    double fps_ = 25.0;
    double threshold_ = 0.5;
    bool isDraggingThreshold_ = false;
};

} // namespace vigil::ui
