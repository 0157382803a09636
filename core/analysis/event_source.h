#pragma once
// Where the desktop app's events come from: the attention classifier's frame scores (what
// `vigil clips` and the batch summary use), one whole-video detector's, or "at least k of the n
// scorers at or above the threshold", n counting the classifier and each detector the result
// scored. A scorer that did not score a frame (past its curve's end, or NaN) is not counted
// there, never as 0. Pure functions over a result; any thread.

#include "core/analysis/analysis_result.h"
#include "core/analysis/score_events.h"

#include <optional>
#include <vector>

namespace vigil::analysis {

struct EventSource {
    enum class Kind { Classifier, Detector, AtLeastK };
    Kind kind = Kind::Classifier;
    DetectorKind detector = DetectorKind::Rtfm; // Kind::Detector's
    int k = 1; // Kind::AtLeastK's, 1..n

    bool operator==(const EventSource& other) const
    {
        return kind == other.kind && (kind != Kind::Detector || detector == other.detector)
            && (kind != Kind::AtLeastK || k == other.k);
    }
};

// The scorers of a result, in analysis::scoreCurves' order (the classifier first): each curve
// that scored at least one frame. Their count is the n of "at least k of n".
std::vector<const std::vector<float>*> scoredCurves(const AnalysisResult& result);

// Per frame of the longest curve: how many scorers are at or above threshold there; nullopt
// where no scorer scored the frame.
std::vector<std::optional<int>> scorersAtOrAbove(const AnalysisResult& result, double threshold);

// The frame values whose runs at or above a threshold are the source's events. For k of n: the
// k-th highest score of the frame's scorers (NaN where fewer than k scored it), which is at or
// above a threshold exactly where at least k scorers are, so an event peaks where k of them
// agree most. Empty for a detector the result does not hold. Throws std::invalid_argument for
// k < 1.
std::vector<float> eventCurve(const AnalysisResult& result, const EventSource& source);

// The events of eventCurve (findEvents), whose peak score is then that curve's.
std::vector<ScoreEvent> findEvents(
    const AnalysisResult& result, const EventSource& source, double threshold);

} // namespace vigil::analysis
