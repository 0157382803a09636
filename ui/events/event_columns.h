#pragma once
// EventColumns: which frames of a result the timeline shades as events: exactly those of the
// events list (the one event rule, core/analysis/event_rule.h, as the Events panel found them),
// so the shading, the list, Export clip and `vigil clips` never disagree. A pixel column asks by
// binary search over the sorted events. GUI thread (owned by TimelineView).

#include "core/analysis/score_events.h"

#include <vector>

namespace vigil::ui {

class EventColumns {
public:
    // Sorted and disjoint, as findEvents gives them.
    void setEvents(std::vector<analysis::ScoreEvent> events) { events_ = std::move(events); }
    const std::vector<analysis::ScoreEvent>& events() const { return events_; }
    // Whether frames [first, last] hold a frame of an event.
    bool holdsEvent(int64_t first, int64_t last) const;

private:
    std::vector<analysis::ScoreEvent> events_;
};

} // namespace vigil::ui
