#pragma once
// The few numbers a batch summary keeps per video: length, the highest frame score and when it
// happens, and how many events (runs of consecutive frames scoring at or above the threshold,
// as the main window's events table counts them). Pure functions; any thread.

#include "core/analysis/analysis_result.h"

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

// frameTimesS holds one presentation time per frame score (missing ones count as 0).
VideoFigures figuresOf(const std::vector<float>& frameScores,
    const std::vector<double>& frameTimesS, int64_t frames, double durationS, double threshold);

VideoFigures figuresOf(const analysis::AnalysisResult& result, double threshold);

int64_t countEvents(const std::vector<float>& frameScores, double threshold);

} // namespace vigil::batch
