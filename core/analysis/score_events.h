#pragma once
// Events: the runs of consecutive frames whose score is at or above a threshold, as the GUI's
// events list shows them and the batch summary counts them. Pure functions over a result's frame
// scores; any thread.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vigil::analysis {

struct ScoreEvent {
    int64_t firstFrame = 0;
    int64_t lastFrame = 0; // inclusive
    int64_t peakFrame = 0; // first frame with the highest score
    float peakScore = 0.0f;
    // Events of "at least k of n" (event_rule.h): how many scorers were at or above their own
    // thresholds at the peak; -1 for the events of one scorer.
    int scorersAgreeing = -1;
    int64_t frameCount() const { return lastFrame - firstFrame + 1; }
};

std::vector<ScoreEvent> findEvents(const std::vector<float>& frameScores, double threshold);

// The first event starting after frame, or the last one starting before it; -1 when none.
int eventIndexAfter(const std::vector<ScoreEvent>& events, int64_t frame);
int eventIndexBefore(const std::vector<ScoreEvent>& events, int64_t frame);

} // namespace vigil::analysis
