#pragma once
// RollingDetectors: the whole-video detectors of --detectors on a live stream. Each new step is
// scored, with every detector, on the rolling span of the last `spanSteps` steps ending at it
// (defaults::kLiveDetectorSpanSteps; the first steps use the shorter span they have), by the
// same primitive that scores a file's spans (analysis::scoreDetectorSpan); the newest step's
// score is the live one. A file's detectors see up to defaults::kDetectorSpanSteps steps at
// once, before and after each step, so live scores differ from a file's: docs/live.md gives the
// measured difference. Gaps (skipped snippets) keep their place and are left out of the span,
// as in CausalWindow. Owned by one run, its thread only.

#include "core/analysis/detector_scoring.h"

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace vigil::live {

class RollingDetectors {
public:
    RollingDetectors(std::vector<analysis::SelectedDetector> detectors, int64_t spanSteps);

    bool isEmpty() const { return detectors_.empty(); }
    const std::vector<analysis::SelectedDetector>& detectors() const { return detectors_; }
    // feature: [crops, featureSize] of the newest step. Returns its score by each detector, in
    // the order of detectors(); none when there are no detectors. A detector that throws
    // ModelError once is not run again: its score is NaN from then on, and takeFailures() says
    // why once.
    std::vector<float> push(const FloatArray& feature);
    // The detectors that failed since the last call, one line each.
    std::vector<std::string> takeFailures();
    void pushGap();
    void reset(); // a new stream: the old steps leave the span

private:
    std::vector<analysis::SelectedDetector> detectors_;
    const int64_t spanSteps_;
    std::deque<std::optional<FloatArray>> steps_;
    std::vector<bool> failed_; // per detector
    std::vector<std::string> failures_;
};

} // namespace vigil::live
