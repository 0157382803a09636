#pragma once
// AlertTracker: turns the live score into alerts with the one event rule of every front end
// (core/analysis/event_rule.h; its EventGate decides): an alert opens on the first
// step whose score is at or above `on`, stays open while scores stay at or above `off`, and
// closes on the first step below `off`; one shorter than `minDurationUs` (start of its first step
// to end of its last) is dropped as a blip. Unscored steps change nothing. stop() closes an open
// alert at the end of the last step seen, saying why (the watch stopped, the stream was lost, or
// too few steps were scored).
// Owned by one run; its thread only; never throws.

#include "core/analysis/event_gate.h"
#include "core/common/defaults.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace vigil::live {

struct AlertSettings {
    float on = static_cast<float>(defaults::kAlertOn);
    float off = static_cast<float>(defaults::kAlertOff);
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

// What closed an alert: events.jsonl's closed_by ("score", "stop", "stream-lost", "unscored":
// too few of the window's steps were scored to go on saying anything, CausalWindow).
enum class AlertEnd { Score, Stop, StreamLost, Unscored };

struct Alert {
    int64_t startUs = 0;
    int64_t endUs = 0;
    int64_t wallStartMs = 0;
    int64_t wallEndMs = 0;
    ScoredStep peak; // the step with the highest score (the first of equals)
    AlertEnd closedBy = AlertEnd::Score;
};

class AlertTracker {
public:
    explicit AlertTracker(AlertSettings settings);

    // Returns the alert this step closed, if it closed one that lasted long enough.
    std::optional<Alert> add(const ScoredStep& step);
    // The open alert, if any, closed at the end of the last step seen; by: Stop or StreamLost.
    std::optional<Alert> stop(AlertEnd by);

    bool isOpen() const { return open_.has_value(); }
    // The alert as it stands while open (the live view lists it at once); nullopt when none is.
    const std::optional<Alert>& openAlert() const { return open_; }
    // Whether the peak of the open alert changed with the last add() (the caller then keeps
    // that step's frame for the thumbnail).
    bool didPeakChange() const { return didPeakChange_; }

private:
    std::optional<Alert> closeIfLongEnough(AlertEnd by);

    AlertSettings settings_;
    analysis::EventGate gate_; // the one event rule's decision, as offline
    std::optional<Alert> open_;
    bool didPeakChange_ = false;
};

} // namespace vigil::live
