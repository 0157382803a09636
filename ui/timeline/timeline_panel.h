#pragma once
// TimelinePanel: the score timeline (with the legend of its detectors' curves, if any) with the
// attention heatmaps under it, sharing one viewport so that they zoom and pan together, plus the
// Fit button and a scroll bar to pan. Owns the viewport and both views. GUI thread only.

#include "ui/tasks/analysis_worker.h"

#include <QImage>
#include <QWidget>

class QLabel;
class QScrollBar;

namespace vigil::ui {

class AttentionHeatmapView;
class DetectorLegend;
class ElidedLabel;
class TimelineView;
class TimelineViewport;

class TimelinePanel : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePanel(QWidget* parent = nullptr);

    TimelineViewport* viewport() const { return viewport_; }
    TimelineView* timeline() const { return timeline_; }
    DetectorLegend* legend() const { return legend_; }
    AttentionHeatmapView* heatmap() const { return heatmap_; }
    QScrollBar* scrollBar() const { return scrollBar_; }

    // The score timeline, the heatmaps' title and the heatmaps, stacked as they are shown, for
    // the PNG export: without the Fit button, the hint and the scroll bar.
    QImage plotsImage();

    void setVideo(int64_t frameCount, double framesPerSecond);
    void setResult(const ResultPointer& result);

public slots:
    void setPlayheadFrame(int64_t frame);

signals:
    void seekRequested(int64_t frame);

private:
    void syncScrollBar();
    void syncLegend(const ResultPointer& result);

    TimelineViewport* viewport_;
    TimelineView* timeline_;
    DetectorLegend* legend_;
    AttentionHeatmapView* heatmap_;
    ElidedLabel* heatmapTitle_;
    QScrollBar* scrollBar_;
};

} // namespace vigil::ui
