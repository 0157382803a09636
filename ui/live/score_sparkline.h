#pragma once
// ScoreSparkline: a camera tile's small chart of the last minutes of scores (the tile's
// LiveTimelineRing), with the alert threshold as a line and unscored stretches left grey, so a
// wall of cameras shows at a glance which one rose. A lone scored step is drawn as a dot: a
// camera whose snippets are mostly skipped still shows what was scored. GUI thread.

#include "ui/live/live_timeline_ring.h"

#include <QWidget>

namespace vigil::ui {

class ScoreSparkline : public QWidget {
    Q_OBJECT
public:
    static constexpr int64_t kSpanUs = 120000000; // the last two minutes

    ScoreSparkline(const LiveTimelineRing* ring, float threshold, QWidget* parent = nullptr);
    QSize sizeHint() const override { return { 240, 48 }; }
    QSize minimumSizeHint() const override { return { 80, 28 }; }
    // Where a score is drawn, for tests; the newest step ends at the right edge.
    QPointF pointOf(int64_t us, float score) const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    const LiveTimelineRing* ring_;
    float threshold_;
};

} // namespace vigil::ui
