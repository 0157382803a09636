#pragma once
// LiveTimelineView: the live score over the last seconds of a LiveTimelineRing, newest at the
// right, with the --on/--off lines, unscored steps as grey bands ("not scored", never 0), and
// under it one attention heatmap row per attention row. It follows the stream until the user
// scrolls back (viewEndUs), then stays where it is. GUI thread only; the ring outlives it.

#include "ui/live_timeline_ring.h"

#include <QWidget>

#include <optional>

namespace vigil::ui {

class LiveTimelineView : public QWidget {
    Q_OBJECT
public:
    explicit LiveTimelineView(const LiveTimelineRing* ring, QWidget* parent = nullptr);

    QSize sizeHint() const override { return { 640, 200 }; }
    QSize minimumSizeHint() const override { return { 240, 120 }; }

    void setThresholds(float on, float off);
    // Seconds of stream across the width.
    void setVisibleSpanUs(int64_t spanUs);
    int64_t visibleSpanUs() const { return spanUs_; }
    // nullopt: follow the newest step; else the stream time at the right edge.
    void setViewEndUs(std::optional<int64_t> endUs);
    bool isFollowing() const { return !endUs_.has_value(); }
    int64_t shownEndUs() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    double xOf(int64_t us, double width) const;
    void paintScores(class QPainter& painter, const QRectF& area) const;
    void paintHeatmap(class QPainter& painter, const QRectF& area) const;

    const LiveTimelineRing* ring_;
    float on_ = 0.6f;
    float off_ = 0.5f;
    int64_t spanUs_ = 60000000;
    std::optional<int64_t> endUs_;
};

} // namespace vigil::ui
