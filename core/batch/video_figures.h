#pragma once
// The few numbers a batch summary keeps per video: length, the highest frame score and when it
// happens, and how many events (those of the one event rule, core/analysis/event_rule.h, as the
// main window's events table and `vigil clips` find them). Pure functions; any thread.

#include "core/analysis/analysis_result.h"
#include "core/analysis/event_rule.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace vigil::batch {

struct VideoFigures {
    int64_t frames = 0;
    double durationS = 0.0;
    float maxScore = 0.0f; // 0 when there are no frame scores
    double maxScoreTimeS = 0.0; // of the first frame with the highest score
    int64_t events = 0;
    // Each --detectors detector's highest frame score, in the result's order.
    std::vector<std::pair<DetectorKind, float>> detectorPeaks {};
};

// The highest frame score of each detector of the result.
std::vector<std::pair<DetectorKind, float>> detectorPeaksOf(
    const std::vector<analysis::DetectorResult>& detectors);

// events: the events of the one event rule (analysis::findEvents(result, rule)).
VideoFigures figuresOf(const analysis::AnalysisResult& result, const analysis::EventRule& events);

int64_t countEvents(const std::vector<float>& frameScores, double threshold);

} // namespace vigil::batch
