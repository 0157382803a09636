#include "core/analysis/detector_spread.h"

#include <algorithm>
#include <cmath>

namespace vigil::analysis {

std::vector<const std::vector<float>*> scoreCurves(const AnalysisResult& result)
{
    std::vector<const std::vector<float>*> curves { &result.frameScores };
    for (const DetectorResult& detector : result.detectors)
        curves.push_back(&detector.frameScores);
    return curves;
}

std::vector<std::optional<float>> detectorSpread(
    const AnalysisResult& result, const std::vector<bool>& isShown)
{
    std::vector<const std::vector<float>*> shown;
    const std::vector<const std::vector<float>*> curves = scoreCurves(result);
    for (size_t i = 0; i < curves.size(); ++i)
        if (i >= isShown.size() || isShown[i])
            shown.push_back(curves[i]);
    size_t frames = 0;
    for (const std::vector<float>* curve : curves)
        frames = std::max(frames, curve->size());
    std::vector<std::optional<float>> spread(frames);
    for (size_t frame = 0; frame < frames; ++frame) {
        int scored = 0;
        float low = 0.0f;
        float high = 0.0f;
        for (const std::vector<float>* curve : shown) {
            if (frame >= curve->size() || std::isnan((*curve)[frame]))
                continue;
            const float score = (*curve)[frame];
            low = scored == 0 ? score : std::min(low, score);
            high = scored == 0 ? score : std::max(high, score);
            ++scored;
        }
        if (scored >= 2)
            spread[frame] = high - low;
    }
    return spread;
}

std::vector<std::optional<float>> decisionSplit(const AnalysisResult& result,
    const std::vector<double>& thresholds, const std::vector<bool>& isShown)
{
    const std::vector<const std::vector<float>*> curves = scoreCurves(result);
    size_t frames = 0;
    for (const std::vector<float>* curve : curves)
        frames = std::max(frames, curve->size());
    std::vector<std::optional<float>> split(frames);
    for (size_t frame = 0; frame < frames; ++frame) {
        int yes = 0;
        int scored = 0;
        for (size_t i = 0; i < curves.size() && i < thresholds.size(); ++i) {
            const std::vector<float>& curve = *curves[i];
            if ((i < isShown.size() && !isShown[i]) || frame >= curve.size()
                || std::isnan(curve[frame]))
                continue;
            ++scored;
            yes += curve[frame] >= thresholds[i] ? 1 : 0;
        }
        if (scored >= 2)
            split[frame] = static_cast<float>(std::min(yes, scored - yes)) * 2.0f
                / static_cast<float>(scored);
    }
    return split;
}

} // namespace vigil::analysis
