#include "core/analysis/detector_scoring.h"

#include "core/analysis/detector_table.h"
#include "core/analysis/window_slices.h"
#include "core/common/error.h"

#include <algorithm>
#include <cmath>

namespace vigil::analysis {
namespace {

void checkScores(const VideoScores& scored, const WindowSpan& span, const std::string& name)
{
    const auto steps = static_cast<size_t>(span.stepCount());
    if (scored.scores.size() != steps
        || (!scored.magnitudes.empty() && scored.magnitudes.size() != steps))
        throw ModelError(name + " returned " + std::to_string(scored.scores.size()) + " scores for "
            + std::to_string(steps) + " steps");
    for (const float score : scored.scores)
        if (!std::isfinite(score) || score < 0.0f || score > 1.0f)
            throw ModelError(
                name + " returned the score " + std::to_string(score) + ", not one in [0, 1]");
}

// A span's attention of the right shape, while every span so far gave one and there is room.
void keepAttention(DetectorResult& result, const WindowSpan& span, FloatArray attention)
{
    if (result.attentionKept != AttentionKept::InMemory)
        return;
    const int64_t steps = span.stepCount();
    if (attention.rank() != 2 || attention.dim(0) != steps || attention.dim(1) != steps) {
        result.attention.clear();
        result.attentionKept = AttentionKept::NotGiven;
        return;
    }
    result.attention.push_back({ span, std::move(attention) });
}

DetectorResult scoreOne(const FloatArray& features, const SelectedDetector& selected,
    const std::vector<WindowSpan>& spans)
{
    DetectorResult result;
    result.kind = selected.kind;
    result.weights = selected.weights;
    int64_t attentionFloats = 0;
    for (const WindowSpan& span : spans)
        attentionFloats += span.stepCount() * span.stepCount();
    result.attentionKept = attentionFloats > kKeptAttentionFloats ? AttentionKept::TooLarge
                                                                  : AttentionKept::InMemory;
    for (const WindowSpan& span : spans) {
        VideoScores scored = scoreDetectorSpan(features, selected, span);
        result.stepScores.insert(
            result.stepScores.end(), scored.scores.begin(), scored.scores.end());
        if (!scored.magnitudes.empty())
            result.magnitudes.insert(
                result.magnitudes.end(), scored.magnitudes.begin(), scored.magnitudes.end());
        result.spanSteps = std::max(result.spanSteps, span.stepCount());
        keepAttention(result, span, std::move(scored.attention));
    }
    // A detector that gives magnitudes for some spans only would misalign them with the steps.
    if (result.magnitudes.size() != result.stepScores.size())
        result.magnitudes.clear();
    return result;
}

} // namespace

std::vector<WindowSpan> planDetectorSpans(int64_t steps, int64_t maxSteps)
{
    if (maxSteps <= 0)
        throw std::invalid_argument("a detector span must hold at least one step");
    std::vector<WindowSpan> spans;
    if (steps <= 0)
        return spans;
    const int64_t count = (steps + maxSteps - 1) / maxSteps;
    int64_t first = 0;
    for (int64_t i = 0; i < count; ++i) {
        const int64_t length = steps / count + (i < steps % count ? 1 : 0);
        spans.push_back({ first, first + length - 1 });
        first += length;
    }
    return spans;
}

VideoScores scoreDetectorSpan(
    const FloatArray& features, const SelectedDetector& selected, const WindowSpan& span)
{
    const int64_t size = selected.detector->featureSize();
    if (features.rank() != 3 || features.dim(2) != size)
        throw ModelError("features " + features.shapeText() + " do not fit "
            + toString(selected.kind) + ", a detector of " + std::to_string(size) + "-d features");
    VideoScores scored = selected.detector->score(windowOfAllCrops(features, span));
    checkScores(scored, span, toString(selected.kind));
    return scored;
}

std::vector<DetectorResult> scoreDetectors(const FloatArray& features,
    const std::vector<SelectedDetector>& detectors, int64_t framesPerStep, int64_t frameCount,
    int64_t maxSpanSteps)
{
    std::vector<DetectorResult> results;
    if (detectors.empty())
        return results;
    if (features.rank() != 3)
        throw ModelError("features must be [steps, crops, size], got " + features.shapeText());
    const int64_t steps = features.dim(0);
    const std::vector<WindowSpan> spans = planDetectorSpans(steps, maxSpanSteps);
    for (const SelectedDetector& selected : detectors) {
        DetectorResult result = scoreOne(features, selected, spans);
        result.frameScores = frameScores(result.stepScores, framesPerStep, frameCount);
        results.push_back(std::move(result));
    }
    return results;
}

std::string featureSizeProblem(
    int64_t featureSize, int64_t classifierSize, const std::vector<SelectedDetector>& detectors)
{
    bool fits = classifierSize == 0 || featureSize == classifierSize;
    std::vector<std::string> needs;
    if (classifierSize > 0)
        needs.push_back("attention needs " + std::to_string(classifierSize) + "-d");
    std::string_view family = kExtractedFeatures;
    for (const SelectedDetector& selected : detectors) {
        const int64_t size = selected.detector->featureSize();
        fits = fits && featureSize == size;
        needs.push_back(toString(selected.kind) + " needs " + std::to_string(size) + "-d");
        if (detectorRow(selected.kind).features != kExtractedFeatures)
            family = detectorRow(selected.kind).features;
    }
    if (fits)
        return {};
    std::string text = std::to_string(featureSize) + "-d features do not fit: ";
    for (size_t i = 0; i < needs.size(); ++i)
        text += (i == 0 ? "" : ", ") + needs[i];
    return text
        + (family == kExtractedFeatures
                ? " I3D-ResNet-50 features (vigil features --backbone i3d-r50)"
                : " Inception-I3D features (as UR-DMU and PEL4VAD publish them)");
}

} // namespace vigil::analysis
