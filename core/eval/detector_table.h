#pragma once
// The comparison table of `vigil eval --detectors`: for the attention classifier and each
// whole-video detector, frame ROC AUC, PR AUC (roc_metrics.h, scikit-learn's definitions) and
// the false-alarm rate on normal videos (their frames scoring at or above 0.5, over all their
// frames), overall and per anomaly class (each class's videos with every normal video). Pure
// functions; any thread.

#include "core/common/defaults.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace vigil::eval {

// The events' threshold: a false alarm is a normal frame that would raise an event.
inline constexpr double kFalseAlarmThreshold = defaults::kThreshold;

// One video as the table sees it: each scorer's frame scores, in the order of the table's names.
struct ScoredVideo {
    std::string className; // "Normal" for a normal video; empty with concatenated labels
    std::vector<uint8_t> frameLabels;
    std::vector<std::vector<float>> scorerFrameScores; // [scorer][frame]
};

struct ScorerMetrics {
    std::string name; // "attention", "rtfm", ...
    double rocAuc = 0.0;
    double prAuc = 0.0;
    // NaN when there is no normal video (class "Normal", or, without classes, one whose frames
    // are all labelled normal).
    double falseAlarmRate = 0.0;
    std::map<std::string, double> classRocAuc;
};

std::vector<ScorerMetrics> detectorTable(
    const std::vector<std::string>& names, const std::vector<ScoredVideo>& videos);

// The table as `vigil eval` prints it: a header (FA@0.5: the false-alarm rate), then one row
// per scorer; per-class ROC AUC
// under it, one row per class with a column per scorer. Percentages with two decimals.
std::string formatDetectorTable(const std::vector<ScorerMetrics>& table);

} // namespace vigil::eval
