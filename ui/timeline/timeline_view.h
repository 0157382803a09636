#pragma once
// TimelineView: the anomaly score of every frame across the video as a curve (0..1, or zoomed
// around the scores: Ctrl+wheel, fitScoreAxis()), each detector's curve and their agreement
// strip (DetectorCurves), window boundaries, a draggable threshold line
// with the frames of the events shaded (the events of the chosen analysis::EventSource, as the
// events list has them), the playhead, a time axis, a legend, and the time
// and score under the cursor as its tooltip. Painting asks a ScoreEnvelope once per pixel column,
// so it costs O(width) on a video of any length. GUI thread only; shares its zoom with the heatmaps
// through the viewport.

#include "core/common/defaults.h"
#include "ui/events/event_columns.h"
#include "ui/tasks/analysis_worker.h"
#include "ui/timeline/detector_curves.h"
#include "ui/timeline/frame_axis_widget.h"
#include "ui/timeline/score_axis.h"
#include "ui/timeline/score_envelope.h"
#include "ui/timeline/timeline_marks.h"

#include <QStringList>

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
    const ScoreAxis& scoreAxis() const { return scoreAxis_; }
    // "0:06.4  frame 160  score 0.515" for the frame under x ("not scored" where no score is);
    // empty outside the video.
    QString hoverTextAt(double x) const;
    QStringList legendLabels() const;
    // Where the legend is drawn: the corner of the plot where it hides the fewest scored
    // columns (events and the curve); empty when the plot has no room or nothing is scored.
    QRectF legendRect() const;
    Qt::Alignment legendSide() const; // the corner legendRect() is in
    // The detectors' curves (DetectorCurves: 0 is the attention classifier) and the agreement
    // strip, drawn under the plot when the result has detectors; empty rect otherwise.
    const DetectorCurves& curves() const { return curves_; }
    QRectF stripRect() const;
    // The threshold's value beside its line: "0.50", or "0.50 ▲ above" / "0.50 ▼ below" when
    // the zoomed score axis does not reach it (the line is then pinned to the plot's edge).
    QString thresholdLabel() const;
    ScoringState scoringState() const { return scoringState_; }
    // What is shaded as events, and where.
    const EventColumns& eventColumns() const { return events_; }

    QSize sizeHint() const override { return { 800, 160 }; }
    QSize minimumSizeHint() const override { return { 300, 96 }; }

public slots:
    void setThreshold(double threshold);
    // The y axis around the lowest and highest score of the result; back to 0..1 with false.
    void fitScoreAxis(bool isFitted);
    void setCurveShown(int curve, bool isShown);
    // The scores whose runs at or above the threshold are shaded as events.
    // The events list's events, which the timeline shades.
    void setEvents(const std::vector<vigil::analysis::ScoreEvent>& events);
    // Each scorer's threshold of the Events panel's rule, for the agreement strip.
    void setScorerThresholds(const std::vector<double>& thresholds);
    // What the hatched frames past the last scored one say (unscoredNote), and the empty plot's
    // placeholder after a cancel.
    void setScoringState(vigil::ui::ScoringState state);

signals:
    void thresholdChanged(double threshold);

protected:
    int bottomMarginPx() const override
    {
        return kTimeAxisPx + (curves_.hasDetectors() ? DetectorCurves::kStripPx + 3 : 0);
    }
    int topMarginPx() const override { return 8; }
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    bool event(QEvent* event) override;

private:
    static constexpr int kTimeAxisPx = 22; // the time axis's labels under the plot

    bool isNearThreshold(const QPointF& position) const;
    void paintGrid(QPainter& painter) const;
    void paintEventsAndCurve(QPainter& painter) const;
    void paintThreshold(QPainter& painter) const;
    int hiddenColumns(const QRectF& area) const;
    void paintTimeAxis(QPainter& painter) const;

    ResultPointer result_;
    ScoreEnvelope envelope_;
    EventColumns events_;
    DetectorCurves curves_;
    ScoreAxis scoreAxis_;
    std::vector<int64_t> windowFirstFrames_;
    ScoringState scoringState_ = ScoringState::Complete;
    double fps_ = defaults::kFallbackFps;
    double threshold_ = defaults::kThreshold;
    bool isDraggingThreshold_ = false;
    bool isScoreAxisFitted_ = false;
};

} // namespace vigil::ui
