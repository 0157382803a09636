#pragma once
// WindowStream: scores each window as soon as its last feature step has been extracted, so a
// viewer can show results window by window while the video is still being decoded. Only whole
// windows are scored: the last, possibly shorter window is known only at the end of the video,
// when the caller scores the full sequence with scoreExtracted (the result the CLI writes).
// Owned by one run; the caller's thread only. Throws what the scorer throws.

#include "core/analysis/analysis_result.h"
#include "core/analysis/network_interfaces.h"
#include "core/analysis/video_analysis.h"

#include <vector>

namespace vigil::analysis {

class WindowStream {
public:
    WindowStream(const WindowScorer& scorer, WindowSettings windows, int64_t framesPerStep);

    // Appends extracted steps [steps, crops, featureSize]; returns the number of windows that
    // became complete and were scored.
    int append(const FloatArray& steps);

    int64_t windowCount() const { return static_cast<int64_t>(windows_.size()); }
    // The windows scored so far, with frame ranges and the scores of the frames they cover
    // (frameScores ends with the last scored window). No video summary.
    AnalysisResult partialResult(const ModelDescription& model) const;

private:
    void dropStepsBefore(int64_t step);

    const WindowScorer& scorer_;
    WindowSettings settings_;
    int64_t framesPerStep_;
    int64_t crops_ = 0;
    int64_t featureSize_ = 0;
    int64_t stepsSeen_ = 0;
    int64_t bufferFirstStep_ = 0; // step of buffer_'s first row
    std::vector<float> buffer_; // steps not yet needed by a scored window, [steps, crops, size]
    std::vector<WindowResult> windows_;
};

} // namespace vigil::analysis
