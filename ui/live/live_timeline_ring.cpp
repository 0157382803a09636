#include "ui/live/live_timeline_ring.h"

#include <algorithm>

namespace vigil::ui {

LiveTimelineRing::LiveTimelineRing(int64_t spanUs, size_t maxSteps)
    : spanUs_(std::max<int64_t>(spanUs, 1))
    , maxSteps_(std::max<size_t>(maxSteps, 1))
{
}

void LiveTimelineRing::push(live::LiveStep step)
{
    steps_.push_back(std::move(step));
    const int64_t newestEndUs = steps_.back().endUs;
    while (steps_.size() > maxSteps_
        || (steps_.size() > 1 && newestEndUs - steps_.front().startUs > spanUs_)) {
        steps_.pop_front();
        ++dropped_;
    }
}

LiveTimelineRing ringForMinutes(int minutes)
{
    const int64_t seconds = int64_t { 60 } * std::max(minutes, 1);
    return LiveTimelineRing(seconds * 1000000, static_cast<size_t>(seconds * 20));
}

} // namespace vigil::ui
