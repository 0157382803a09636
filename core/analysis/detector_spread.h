#pragma once
// How far the detectors of one result disagree, frame by frame: the largest minus the smallest
// score among the curves shown (the attention classifier's and each DetectorResult's), and how
// their own decisions split (decisionSplit, which the desktop app's agreement strip draws under
// the timeline's curves). Pure; any thread.

#include "core/analysis/analysis_result.h"

#include <optional>
#include <vector>

namespace vigil::analysis {

// The curves of a result in the one order the spread, the timeline and its legend use: the
// attention classifier's frame scores first, then result.detectors in their order.
std::vector<const std::vector<float>*> scoreCurves(const AnalysisResult& result);

// One value per frame of the longest curve: max - min over the shown curves that scored that
// frame. A frame that fewer than two shown curves scored (past a curve's end, or NaN) is not
// scored (nullopt): one opinion cannot disagree, and 0 would read as full agreement.
// isShown[i] says whether scoreCurves(result)[i] counts; a curve without an entry counts.
std::vector<std::optional<float>> detectorSpread(
    const AnalysisResult& result, const std::vector<bool>& isShown = {});

// How the shown scorers' own decisions split at each frame, for the agreement strip: each scorer
// says "event" at or above its own threshold (thresholds[i] is scoreCurves(result)[i]'s, as the
// one event rule gives it), and the value is min(yes, no) / (scored / 2): 0 where they all say
// the same (event or not), 1 where they split evenly. Scores at different levels then never read
// as disagreement by themselves. nullopt where fewer than two shown curves scored the frame.
std::vector<std::optional<float>> decisionSplit(const AnalysisResult& result,
    const std::vector<double>& thresholds, const std::vector<bool>& isShown = {});

} // namespace vigil::analysis
