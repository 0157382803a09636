#pragma once
// AlertTracker: turns the live score into alerts with hysteresis. An alert opens on the first
// step whose score is at or above `on`, stays open while scores stay at or above `off`, and
// closes on the first step below `off`; one shorter than `minDurationUs` (start of its first step
// to end of its last) is dropped as a blip. Unscored steps change nothing. stop() closes an open
// alert at the end of the last step seen. Owned by one run; its thread only; never throws.

#include <cstdint>
#include <optional>
#include <vector>

namespace vigil::live {

struct AlertSettings {
    float on = 0.6f;
    float off = 0.5f;
    int64_t minDurationUs = 0;
};

// One scored step: its stream time span and the wall clock when it was scored.
struct ScoredStep {
    int64_t startUs = 0;
    int64_t endUs = 0;
    int64_t wallStartMs = 0; // wall clock (ms since the epoch) of the step's start
    int64_t wallEndMs = 0;
    float score = 0.0f;
    std::vector<std::vector<float>> attention; // [steps][rows] of the window ending here
    int64_t stepIndex = 0;
};

struct Alert {
    int64_t startUs = 0;
    int64_t endUs = 0;
    int64_t wallStartMs = 0;
    int64_t wallEndMs = 0;
    ScoredStep peak; // the step with the highest score (the first of equals)
    bool wasStopped = false; // closed by stop(), not by the score
};

class AlertTracker {
public:
    explicit AlertTracker(AlertSettings settings);

    // Returns the alert this step closed, if it closed one that lasted long enough.
    std::optional<Alert> add(const ScoredStep& step);
    // The open alert, if any, closed at the end of the last step seen.
    std::optional<Alert> stop();

    bool isOpen() const { return open_.has_value(); }
    // Whether the peak of the open alert changed with the last add() (the caller then keeps
    // that step's frame for the thumbnail).
    bool didPeakChange() const { return didPeakChange_; }

private:
    std::optional<Alert> closeIfLongEnough(bool wasStopped);

    AlertSettings settings_;
    std::optional<Alert> open_;
    bool didPeakChange_ = false;
};

} // namespace vigil::live
