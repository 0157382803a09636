#include "core/analysis/video_analysis.h"

#include "core/analysis/window_scoring.h"
#include "core/common/count_limits.h"
#include "core/common/error.h"

namespace vigil::analysis {
namespace {

// What one frame costs through to the written outputs: its score, in JSON and in the CSV.
constexpr uint64_t kBytesPerFrame = 64;

AnalysisResult scoreSequence(const std::string& source, const FloatArray& features,
    const WindowScorer& scorer, const ModelDescription& model, const WindowSettings& windows,
    int64_t framesPerStep)
{
    if (features.rank() != 3 || features.dim(2) != scorer.featureSize())
        throw ModelError(source + ": features of shape " + features.shapeText()
            + " do not fit a classifier"
              " for "
            + std::to_string(scorer.featureSize()) + "-d features");
    AnalysisResult result;
    result.model = model;
    result.protocol = { framesPerStep, windows };
    result.steps = features.dim(0);
    result.crops = features.dim(1);
    result.windows = scoreWindows(features, scorer, windows);
    return result;
}

} // namespace

AnalysisResult scoreExtracted(const ExtractedFeatures& extracted, const WindowScorer& scorer,
    const ModelDescription& model, const WindowSettings& windows)
{
    AnalysisResult result = scoreSequence(
        extracted.path, extracted.features, scorer, model, windows, extracted.framesPerStep);
    result.video = { true, extracted.path, extracted.frames, extracted.fps, extracted.width,
        extracted.height, extracted.durationS };
    if (result.video.durationS <= 0.0 && extracted.fps > 0.0)
        result.video.durationS = static_cast<double>(extracted.frames) / extracted.fps;
    result.framePtsUs = extracted.framePtsUs;
    result.warnings = extracted.warnings;
    mapScoresToFrames(result, extracted.framesPerStep, extracted.frames);
    return result;
}

AnalysisResult scoreFeatures(const FloatArray& features, const std::string& featuresPath,
    const WindowScorer& scorer, const ModelDescription& model, const WindowSettings& windows,
    const FeatureTiming& timing)
{
    AnalysisResult result
        = scoreSequence(featuresPath, features, scorer, model, windows, timing.framesPerStep);
    result.featuresPath = featuresPath;
    result.video.fps = timing.fps;
    const int64_t frames = timing.frames > 0 ? timing.frames : result.steps * timing.framesPerStep;
    // A sidecar's frame count sizes the per-frame scores: refuse one the machine cannot hold.
    if (const std::string problem = memoryProblem(static_cast<uint64_t>(frames) * kBytesPerFrame,
            std::to_string(frames) + " frame scores");
        !problem.empty())
        throw IoError(featuresPath + ": " + problem);
    mapScoresToFrames(result, timing.framesPerStep, frames);
    return result;
}

} // namespace vigil::analysis
