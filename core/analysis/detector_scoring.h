#pragma once
// The detector seam: the one primitive that scores a video's features with each whole-video
// detector a run selected (RTFM, and every other DetectorKind), for offline analysis, batch and
// live alike. Each detector sees spans of at most defaults::kDetectorSpanSteps steps, all crops
// at once, as its paper's test code does; each step's score is the mean over crops, repeated
// for its frames exactly as the attention classifier's step scores are (windows.h,
// frameScores). Runs on the caller's thread; throws ModelError for features of another size or
// a detector that answers out of shape or out of [0, 1].

#include "core/analysis/analysis_result.h"
#include "core/analysis/video_detector.h"
#include "core/analysis/windows.h"

#include <memory>
#include <string>
#include <vector>

namespace vigil::analysis {

// A loaded detector and where its weights came from.
struct SelectedDetector {
    DetectorKind kind = DetectorKind::Rtfm;
    std::shared_ptr<const VideoDetector> detector;
    WeightsInfo weights;
};

// The one order of detectors in every result (the enum's): the JSON's keys, the CSV's columns.
inline bool isBeforeDetector(DetectorKind a, DetectorKind b)
{
    return static_cast<int>(a) < static_cast<int>(b);
}

// Spans of at most maxSteps covering [0, steps): as few as can be, of equal length (the first
// ones one step longer), so no span is left with a step or two that a detector cannot judge.
std::vector<WindowSpan> planDetectorSpans(int64_t steps, int64_t maxSteps);

// One span of features [steps, crops, size], scored whole: scores, magnitudes and attention
// ([span steps, span steps]) as the detector gives them, checked (one score in [0, 1] per step).
VideoScores scoreDetectorSpan(
    const FloatArray& features, const SelectedDetector& selected, const WindowSpan& span);

// features: [steps, crops, size]. frameCount: the frames of the classifier's frame scores.
std::vector<DetectorResult> scoreDetectors(const FloatArray& features,
    const std::vector<SelectedDetector>& detectors, int64_t framesPerStep, int64_t frameCount,
    int64_t maxSpanSteps = defaults::kDetectorSpanSteps);

// Empty when every selected scorer takes features of this size; else one sentence naming the
// size each needs ("...: attention needs 2048-d, rtfm needs 2048-d I3D-ResNet-50 features").
// classifierSize 0: the classifier was not asked for.
std::string featureSizeProblem(
    int64_t featureSize, int64_t classifierSize, const std::vector<SelectedDetector>& detectors);

} // namespace vigil::analysis
