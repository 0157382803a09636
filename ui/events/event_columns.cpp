#include "ui/events/event_columns.h"

#include <algorithm>

namespace vigil::ui {

bool EventColumns::holdsEvent(int64_t first, int64_t last) const
{
    // The first event that ends at or after `first`: it holds a frame of [first, last] when it
    // starts by `last`.
    const auto event = std::lower_bound(events_.begin(), events_.end(), first,
        [](const analysis::ScoreEvent& e, int64_t frame) { return e.lastFrame < frame; });
    return event != events_.end() && event->firstFrame <= last;
}

} // namespace vigil::ui
