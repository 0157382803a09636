#pragma once
// The whole analysis of one video, or of features computed earlier: extract, score windows,
// map scores to frames. Runs on the caller's thread (plus the pipeline's producer thread).

#include "core/analysis/analysis_result.h"
#include "core/analysis/feature_pipeline.h"
#include "core/common/defaults.h"

namespace vigil::analysis {

// Scores an extracted sequence. Keeps the features out of the result (they can be large).
// scorer nullptr: features the classifier cannot read, for detectors alone (no windows, no
// frame scores: model.hasClassifier false).
AnalysisResult scoreExtracted(const ExtractedFeatures& extracted, const WindowScorer* scorer,
    const ModelDescription& model, const WindowSettings& windows);

// What is known of the video features came from (vigil score: the sidecar or --fps).
struct FeatureTiming {
    int64_t framesPerStep = defaults::kSnippetFrames;
    int64_t frames = 0; // 0: steps * framesPerStep
    double fps = 0.0; // 0: unknown, so frames get no times
};

// Scores features without their video.
AnalysisResult scoreFeatures(const FloatArray& features, const std::string& featuresPath,
    const WindowScorer& scorer, const ModelDescription& model, const WindowSettings& windows,
    const FeatureTiming& timing);

// The frame of a result scored by detectors alone (AnalysisResult::hasClassifier false): what
// scoreFeatures gives but the windows and their frame scores.
AnalysisResult resultWithoutClassifier(const FloatArray& features, const std::string& featuresPath,
    const ModelDescription& model, const WindowSettings& windows, const FeatureTiming& timing);

} // namespace vigil::analysis
