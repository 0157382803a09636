#include "core/analysis/event_source.h"

#include "core/analysis/detector_spread.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>

namespace vigil::analysis {
namespace {

bool isScored(const std::vector<float>& curve, size_t frame)
{
    return frame < curve.size() && !std::isnan(curve[frame]);
}

size_t longestCurve(const std::vector<const std::vector<float>*>& curves)
{
    size_t frames = 0;
    for (const std::vector<float>* curve : curves)
        frames = std::max(frames, curve->size());
    return frames;
}

std::vector<float> kthHighestScores(const AnalysisResult& result, int k)
{
    const std::vector<const std::vector<float>*> curves = scoredCurves(result);
    std::vector<float> kth(longestCurve(curves), std::numeric_limits<float>::quiet_NaN());
    std::vector<float> scores;
    for (size_t frame = 0; frame < kth.size(); ++frame) {
        scores.clear();
        for (const std::vector<float>* curve : curves)
            if (isScored(*curve, frame))
                scores.push_back((*curve)[frame]);
        if (scores.size() < static_cast<size_t>(k))
            continue;
        std::nth_element(scores.begin(), scores.begin() + (k - 1), scores.end(), std::greater<>());
        kth[frame] = scores[static_cast<size_t>(k - 1)];
    }
    return kth;
}

} // namespace

std::vector<const std::vector<float>*> scoredCurves(const AnalysisResult& result)
{
    std::vector<const std::vector<float>*> scored;
    for (const std::vector<float>* curve : scoreCurves(result))
        if (std::any_of(
                curve->begin(), curve->end(), [](float score) { return !std::isnan(score); }))
            scored.push_back(curve);
    return scored;
}

std::vector<std::optional<int>> scorersAtOrAbove(const AnalysisResult& result, double threshold)
{
    const std::vector<const std::vector<float>*> curves = scoredCurves(result);
    std::vector<std::optional<int>> counts(longestCurve(curves));
    for (size_t frame = 0; frame < counts.size(); ++frame)
        for (const std::vector<float>* curve : curves)
            if (isScored(*curve, frame))
                counts[frame] = counts[frame].value_or(0) + ((*curve)[frame] >= threshold ? 1 : 0);
    return counts;
}

std::vector<float> eventCurve(const AnalysisResult& result, const EventSource& source)
{
    switch (source.kind) {
    case EventSource::Kind::Classifier:
        return result.frameScores;
    case EventSource::Kind::Detector:
        for (const DetectorResult& detector : result.detectors)
            if (detector.kind == source.detector)
                return detector.frameScores;
        return {};
    case EventSource::Kind::AtLeastK:
        if (source.k < 1)
            throw std::invalid_argument("at least k of n scorers needs k >= 1");
        return kthHighestScores(result, source.k);
    }
    return {};
}

std::vector<ScoreEvent> findEvents(
    const AnalysisResult& result, const EventSource& source, double threshold)
{
    return findEvents(eventCurve(result, source), threshold);
}

} // namespace vigil::analysis
