#pragma once
// LiveTimelineView: the live score over the last seconds of a LiveTimelineRing, newest at the
// right, drawn as the file timeline is (plot_axes.h): the score axis, the --on/--off lines with
// their values, the time axis (seconds since the watch started), the legend, and under it one
// attention heatmap row per attention row, labelled, with its colour bar. Skipped steps are grey
// bands
// ("not scored", never 0); the time the stream was away is a hatched band at its true length
// with that length written on it ("gap 4.2 s"). Hovering tells the time, score and attention
// under the cursor. It follows the stream until the user scrolls back (viewEndUs), then stays
// where it is. GUI thread only; the ring outlives it.

#include "core/common/defaults.h"
#include "ui/live/live_timeline_ring.h"
#include "ui/plots/plot_axes.h"

#include <QWidget>

#include <optional>
#include <vector>

namespace vigil::ui {

class LiveTimelineView : public QWidget {
    Q_OBJECT
public:
    explicit LiveTimelineView(const LiveTimelineRing* ring, QWidget* parent = nullptr);

    QSize sizeHint() const override { return { 640, 240 }; }
    QSize minimumSizeHint() const override { return { 320, 170 }; }

    void setThresholds(float on, float off);
    // Seconds of stream across the width.
    void setVisibleSpanUs(int64_t spanUs);
    int64_t visibleSpanUs() const { return spanUs_; }
    // nullopt: follow the newest step; else the stream time at the right edge.
    void setViewEndUs(std::optional<int64_t> endUs);
    bool isFollowing() const { return !endUs_.has_value(); }
    int64_t shownEndUs() const;

    // Where things are drawn, for the tests and the tooltip.
    QRectF scorePlotRect() const;
    QRectF heatmapRect() const;
    double xOfUs(int64_t us) const;
    // Every text painted now (axes, thresholds, row labels, gap lengths, the colour legend);
    // the colour bar's own numbers are matrix_painter's.
    std::vector<PlotLabel> labels() const;
    // "1:02.4–1:03.0  score 0.731" and the attention rows of the step under position, "no
    // stream (gap 4.2 s)" or "not scored…"; empty where no step is.
    QString hoverTextAt(const QPointF& position) const;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(class QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    int64_t shownStartUs() const { return shownEndUs() - spanUs_; }
    int attentionRows() const;
    std::vector<ThresholdLine> thresholdLines() const;
    std::vector<struct LegendEntry> legendEntries() const;
    Qt::Alignment legendSide() const;
    std::vector<PlotLabel> gapLabels() const;
    PlotLabel colorLegendLabel() const;
    const live::LiveStep* stepAt(int64_t us) const;
    void paintScores(class QPainter& painter, const QRectF& area) const;
    void paintHeatmap(class QPainter& painter, const QRectF& area) const;
    void paintColorLegend(class QPainter& painter, const QRectF& area) const;

    const LiveTimelineRing* ring_;
    float on_ = static_cast<float>(defaults::kAlertOn);
    float off_ = static_cast<float>(defaults::kAlertOff);
    int64_t spanUs_ = 60000000;
    std::optional<int64_t> endUs_;
    ScoreAxis scoreAxis_; // 0..1
};

} // namespace vigil::ui
