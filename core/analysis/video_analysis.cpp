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

// The frames the steps stand for (the sidecar's count, else steps x framesPerStep); refuses a
// count whose per-frame scores the machine cannot hold, since a sidecar is anyone's text.
int64_t framesOf(
    const AnalysisResult& result, const std::string& featuresPath, const FeatureTiming& timing)
{
    const int64_t frames = timing.frames > 0 ? timing.frames : result.steps * timing.framesPerStep;
    if (const std::string problem = memoryProblem(static_cast<uint64_t>(frames) * kBytesPerFrame,
            std::to_string(frames) + " frame scores");
        !problem.empty())
        throw IoError(featuresPath + ": " + problem);
    return frames;
}

} // namespace

AnalysisResult scoreExtracted(const ExtractedFeatures& extracted, const WindowScorer* scorer,
    const ModelDescription& model, const WindowSettings& windows)
{
    AnalysisResult result;
    if (scorer) {
        result = scoreSequence(
            extracted.path, extracted.features, *scorer, model, windows, extracted.framesPerStep);
    } else {
        result.model = model;
        result.model.hasClassifier = false;
        result.protocol = { extracted.framesPerStep, windows };
        result.steps = extracted.features.rank() == 3 ? extracted.features.dim(0) : 0;
        result.crops = extracted.features.rank() == 3 ? extracted.features.dim(1) : 0;
    }
    result.video = { true, extracted.path, extracted.frames, extracted.fps, extracted.width,
        extracted.height, extracted.durationS };
    if (result.video.durationS <= 0.0 && extracted.fps > 0.0)
        result.video.durationS = static_cast<double>(extracted.frames) / extracted.fps;
    result.framePtsUs = extracted.framePtsUs;
    result.warnings = extracted.warnings;
    if (scorer)
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
    mapScoresToFrames(result, timing.framesPerStep, framesOf(result, featuresPath, timing));
    return result;
}

AnalysisResult resultWithoutClassifier(const FloatArray& features, const std::string& featuresPath,
    const ModelDescription& model, const WindowSettings& windows, const FeatureTiming& timing)
{
    if (features.rank() != 3)
        throw ModelError(featuresPath + ": features of shape " + features.shapeText()
            + " are not [steps, crops, features]");
    AnalysisResult result;
    result.model = model;
    result.model.hasClassifier = false;
    result.protocol = { timing.framesPerStep, windows };
    result.steps = features.dim(0);
    result.crops = features.dim(1);
    result.featuresPath = featuresPath;
    result.video.fps = timing.fps;
    result.video.frames = framesOf(result, featuresPath, timing);
    return result;
}

} // namespace vigil::analysis
