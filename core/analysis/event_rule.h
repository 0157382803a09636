#pragma once
// The one event rule of every front end: `vigil clips`, the batch summary, live alerts, and the
// desktop app's events list, timeline marks and clip export. An event follows one source of
// scores (EventSource: the attention classifier, one detector, or "at least k of the n
// scorers"); it opens on the first frame at or above the source's threshold, stays open while
// the score stays at or above that threshold minus `hysteresis` (the off threshold), ends at the
// first frame below it or not scored, and is dropped when shorter than minDurationS. With no
// hysteresis and no minimum (the defaults), events are the runs of frames at or above one
// threshold, as they were before there was a rule.
//
// Each scorer decides on its own scale: the classifier at `on`, each detector at its own
// threshold, the one given or else its default (detectorDefault: halfway from its median on this
// video to 1, since the detectors' scores sit at different levels for normal video). "At least k
// of n" counts, per frame, the scorers at or above their own thresholds (their off thresholds
// while an event is open), n being the scorers that scored the result. Pure functions over a
// result; any thread; throw std::invalid_argument for a rule out of range.

#include "core/analysis/analysis_result.h"
#include "core/analysis/event_source.h"
#include "core/analysis/score_events.h"
#include "core/common/defaults.h"

#include <optional>
#include <string>
#include <vector>

namespace vigil::analysis {

struct DetectorThreshold {
    DetectorKind kind = DetectorKind::Rtfm;
    double value = defaults::kThreshold;
};

struct EventRule {
    EventSource source;
    double on = defaults::kThreshold; // the classifier's threshold
    double hysteresis = 0.0; // on - off, the same for every scorer; >= 0
    double minDurationS = 0.0;
    std::vector<DetectorThreshold> detectorThresholds; // those given; the others are defaults
};

// A detector's default threshold on its own scale: halfway from the median of its frame scores
// on this result to 1, to two decimals; nullopt when it scored no frame.
struct ScaleDefault {
    double threshold = 0.0;
    double median = 0.0;
};
std::optional<ScaleDefault> detectorDefault(const std::vector<float>& frameScores);

// Each scorer of the result with the threshold the rule gives it, in scoreCurves' order (the
// classifier first), for the front ends to show where every number came from.
struct ScorerThreshold {
    std::string name; // "attention", "rtfm", ...
    const std::vector<float>* frameScores = nullptr;
    double threshold = 0.0;
    bool isDefault = false; // a detector's default from its scale (median below)
    double median = 0.0;
    bool hasScores = false; // false: it scored no frame (not one of the n)
};
std::vector<ScorerThreshold> scorerThresholds(const AnalysisResult& result, const EventRule& rule);

// The rule's events. For a single scorer, peakScore is its highest score in the event; for "k of
// n", the peak is the frame where the most scorers are at or above their own thresholds (among
// those, where the k-th is furthest above its own), scorersAgreeing says how many, and
// peakScore is the classifier's score there (NaN when it did not score it).
std::vector<ScoreEvent> findEvents(const AnalysisResult& result, const EventRule& rule);

// Why the rule's source cannot give events on this result ("no rtfm scores in this result:
// analyse with --detectors rtfm"; "2-of-n needs 2 scorers, this result has 1"); empty when it can.
std::string sourceProblem(const AnalysisResult& result, const EventRule& rule);

// "attention", "rtfm", "s3r", "mgfn", or "K-of-n" (K >= 1): what --events-from reads; nullopt
// with the problem when the word is none of them.
std::optional<EventSource> parseEventSource(const std::string& word, std::string* problem);
std::string eventSourceWord(const EventSource& source);

} // namespace vigil::analysis
