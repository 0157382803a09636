#pragma once
// LiveTimelineRing: the steps the live view can still show, the last `spanUs` of stream time
// and never more than `maxSteps`, so a watch of hours keeps the memory of minutes. Older steps
// leave from the front (their scores stay in scores.csv). GUI thread; plain values.

#include "core/live/live_observer.h"

#include <cstdint>
#include <deque>

namespace vigil::ui {

class LiveTimelineRing {
public:
    // spanUs > 0, maxSteps > 0.
    LiveTimelineRing(int64_t spanUs, size_t maxSteps);

    void push(live::LiveStep step);
    void clear() { steps_.clear(); }

    const std::deque<live::LiveStep>& steps() const { return steps_; }
    size_t size() const { return steps_.size(); }
    size_t maxSteps() const { return maxSteps_; }
    int64_t spanUs() const { return spanUs_; }
    // Stream time of the oldest step's start and the newest step's end (0 when empty).
    int64_t firstUs() const { return steps_.empty() ? 0 : steps_.front().startUs; }
    int64_t lastUs() const { return steps_.empty() ? 0 : steps_.back().endUs; }
    // Steps pushed out since the ring was made (0: everything since the start is shown).
    int64_t droppedSteps() const { return dropped_; }

private:
    int64_t spanUs_;
    size_t maxSteps_;
    std::deque<live::LiveStep> steps_;
    int64_t dropped_ = 0;
};

// The ring for `minutes` of stream: at most 20 steps a second (16-frame steps of a 320 fps
// stream), so the bound holds whatever the frame rate.
LiveTimelineRing ringForMinutes(int minutes);

} // namespace vigil::ui
