#include "core/batch/video_figures.h"

#include "core/analysis/score_events.h"

#include <algorithm>

namespace vigil::batch {

int64_t countEvents(const std::vector<float>& frameScores, double threshold)
{
    return static_cast<int64_t>(analysis::findEvents(frameScores, threshold).size());
}

std::vector<std::pair<DetectorKind, float>> detectorPeaksOf(
    const std::vector<analysis::DetectorResult>& detectors)
{
    std::vector<std::pair<DetectorKind, float>> peaks;
    for (const analysis::DetectorResult& detector : detectors) {
        const auto peak
            = std::max_element(detector.frameScores.begin(), detector.frameScores.end());
        peaks.emplace_back(detector.kind, peak == detector.frameScores.end() ? 0.0f : *peak);
    }
    return peaks;
}

VideoFigures figuresOf(const analysis::AnalysisResult& result, const analysis::EventRule& events)
{
    VideoFigures figures;
    figures.frames = result.video.frames;
    figures.durationS = result.video.durationS;
    const std::vector<float>& scores = result.frameScores;
    const auto peak = std::max_element(scores.begin(), scores.end());
    if (peak != scores.end()) {
        const auto frame = static_cast<size_t>(peak - scores.begin());
        figures.maxScore = *peak;
        figures.maxScoreTimeS = frame < result.framePtsUs.size()
            ? static_cast<double>(result.framePtsUs[frame]) / 1e6
            : 0.0;
    }
    figures.events = static_cast<int64_t>(analysis::findEvents(result, events).size());
    figures.detectorPeaks = detectorPeaksOf(result.detectors);
    return figures;
}

} // namespace vigil::batch
