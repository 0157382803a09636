#include "core/batch/video_figures.h"

#include "core/analysis/score_events.h"

#include <algorithm>

namespace vigil::batch {

int64_t countEvents(const std::vector<float>& frameScores, double threshold)
{
    return static_cast<int64_t>(analysis::findEvents(frameScores, threshold).size());
}

VideoFigures figuresOf(const std::vector<float>& frameScores,
    const std::vector<double>& frameTimesS, int64_t frames, double durationS, double threshold)
{
    VideoFigures figures;
    figures.frames = frames;
    figures.durationS = durationS;
    const auto peak = std::max_element(frameScores.begin(), frameScores.end());
    if (peak != frameScores.end()) {
        const auto frame = static_cast<size_t>(peak - frameScores.begin());
        figures.maxScore = *peak;
        figures.maxScoreTimeS = frame < frameTimesS.size() ? frameTimesS[frame] : 0.0;
    }
    figures.events = countEvents(frameScores, threshold);
    return figures;
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

VideoFigures figuresOf(const analysis::AnalysisResult& result, double threshold)
{
    std::vector<double> timesS;
    timesS.reserve(result.framePtsUs.size());
    for (const int64_t ptsUs : result.framePtsUs)
        timesS.push_back(static_cast<double>(ptsUs) / 1e6);
    VideoFigures figures = figuresOf(
        result.frameScores, timesS, result.video.frames, result.video.durationS, threshold);
    figures.detectorPeaks = detectorPeaksOf(result.detectors);
    return figures;
}

} // namespace vigil::batch
