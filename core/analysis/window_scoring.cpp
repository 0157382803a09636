#include "core/analysis/window_scoring.h"

#include "core/analysis/window_slices.h"

#include <algorithm>
#include <stdexcept>

namespace vigil::analysis {
namespace {

// [C, steps, r] -> [r, steps], averaged over crops.
FloatArray meanAttentionRows(const FloatArray& attention)
{
    const int64_t crops = attention.dim(0);
    const int64_t steps = attention.dim(1);
    const int64_t rows = attention.dim(2);
    FloatArray mean = FloatArray::zeros({ rows, steps });
    for (int64_t c = 0; c < crops; ++c)
        for (int64_t t = 0; t < steps; ++t)
            for (int64_t k = 0; k < rows; ++k)
                mean.values[static_cast<size_t>(k * steps + t)]
                    += attention.values[static_cast<size_t>((c * steps + t) * rows + k)];
    for (float& value : mean.values)
        value /= static_cast<float>(crops);
    return mean;
}

} // namespace

ScoredWindow scoreWindow(const FloatArray& window, const WindowScorer& scorer)
{
    if (window.rank() != 3 || window.dim(0) < 1)
        throw std::invalid_argument(
            "a window must be [crops, steps, size], got " + window.shapeText());
    WindowScore scored = scorer.score(window);
    if (scored.cropScores.size() != static_cast<size_t>(window.dim(0))
        || scored.attention.rank() != 3 || scored.attention.dim(0) != window.dim(0)
        || scored.attention.dim(1) != window.dim(1))
        throw std::invalid_argument("the classifier returned " + scored.attention.shapeText()
            + " attention for a " + window.shapeText() + " window");
    ScoredWindow result;
    double sum = 0.0;
    for (float cropScore : scored.cropScores)
        sum += cropScore;
    result.score = static_cast<float>(sum / static_cast<double>(scored.cropScores.size()));
    result.cropScores = std::move(scored.cropScores);
    result.attention = meanAttentionRows(scored.attention);
    return result;
}

std::vector<WindowResult> scoreWindows(
    const FloatArray& features, const WindowScorer& scorer, const WindowSettings& windows)
{
    if (features.rank() != 3 || features.dim(1) < 1)
        throw std::invalid_argument(
            "features must be [steps, crops, size], got " + features.shapeText());
    std::vector<WindowResult> results;
    for (const WindowSpan& span : planWindows(features.dim(0), windows)) {
        ScoredWindow scored = scoreWindow(windowOfAllCrops(features, span), scorer);
        WindowResult window;
        window.firstStep = span.firstStep;
        window.lastStep = span.lastStep;
        window.score = scored.score;
        window.cropScores = std::move(scored.cropScores);
        window.attention = std::move(scored.attention);
        results.push_back(std::move(window));
    }
    return results;
}

void mapScoresToFrames(AnalysisResult& result, int64_t framesPerStep, int64_t frameCount)
{
    std::vector<WindowSpan> spans;
    std::vector<float> scores;
    for (WindowResult& window : result.windows) {
        spans.push_back({ window.firstStep, window.lastStep });
        scores.push_back(window.score);
        window.firstFrame = window.firstStep * framesPerStep;
        window.lastFrame = (window.lastStep + 1) * framesPerStep - 1;
        // The last window ends at the last frame: past its step's frames when a partial
        // snippet was dropped, before them when one was loop-padded (rtfm) or a frame step
        // does not divide the video.
        if (window.lastStep == result.steps - 1 && frameCount > 0)
            window.lastFrame = frameCount - 1;
    }
    result.frameScores = frameScores(stepScores(spans, scores, result.steps), framesPerStep,
        frameCount > 0 ? frameCount : result.steps * framesPerStep);
}

} // namespace vigil::analysis
