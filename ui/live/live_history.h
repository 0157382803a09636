#pragma once
// LiveHistory: what one camera of the camera wall has shown so far, kept by its tile so that
// the full live view opened later starts from it (the timeline's last minutes, the alerts, the
// open one, the packets Record cuts from, the newest status and frame) instead of from nothing.
// Bounded as the live view is: the ring's minutes and the newest kMaxAlerts alerts. GUI thread.

#include "ui/live/live_timeline_ring.h"
#include "ui/live/live_worker.h"

#include <QImage>

#include <deque>
#include <optional>

namespace vigil::ui {

struct LiveHistory {
    explicit LiveHistory(int timelineMinutes)
        : ring(ringForMinutes(timelineMinutes))
    {
    }

    // Keeps itself current from the channel's signals (received in context's thread).
    void follow(LiveChannel& channel, QObject* context);

    static constexpr size_t kMaxAlerts = 200;
    LiveTimelineRing ring;
    std::deque<live::EventRecord> alerts; // oldest first
    std::optional<live::Alert> openAlert;
    std::optional<live::ClipSource> packets;
    std::optional<live::WatchStatus> status;
    QImage frame; // the newest frame shown
};

} // namespace vigil::ui
