#pragma once
// CausalWindow: live scoring. Each new feature step is scored at once on the window of the last
// `windowSteps` steps ending at it (the first steps use the shorter window they have), so the
// score of step t never waits for later steps. Steps that were not extracted (skipped snippets)
// keep their place in the ring as gaps and are left out of the windows that span them; a window
// whose extracted steps are under minScoredShare of its places (defaults::kLiveMinScoredShare)
// is not scored at all, so a score never stands for a stretch that was mostly skipped. A window
// is scored by analysis::scoreWindow, as a file's windows are, so a live step and the file window
// that ends at it agree, ten crops included. Owned by one run, its thread only; throws what the
// scorer throws.

#include "core/analysis/network_interfaces.h"
#include "core/common/defaults.h"

#include <cstdint>
#include <deque>
#include <optional>

namespace vigil::live {

struct CausalScore {
    float score = 0.0f; // the mean of the crops' window scores (analysis::ScoredWindow::score)
    int64_t steps = 0; // feature steps in the window that made it
    int64_t spanSteps = 0; // its places in stream time: those steps and the gaps between them
    // [steps][rows] attention over the window's steps, oldest first, averaged over crops.
    std::vector<std::vector<float>> attention;
};

class CausalWindow {
public:
    CausalWindow(const analysis::WindowScorer& scorer, int64_t windowSteps,
        double minScoredShare = defaults::kLiveMinScoredShare);

    // feature: [crops, featureSize] of the newest step. Returns its score; nullopt (and the
    // scorer is not run) when too few of the window's places hold an extracted step.
    std::optional<CausalScore> push(const FloatArray& feature);
    // The newest step could not be extracted: it takes a place in the window, unscored.
    void pushGap();
    // A new stream (after a reconnection): the old steps leave the window.
    void reset();
    // The share of the window's places that hold an extracted step; 1 while it is empty.
    double scoredShare() const;
    bool isScoredEnough() const { return scoredShare() + 1e-9 >= minScoredShare_; }

private:
    const analysis::WindowScorer& scorer_;
    const int64_t windowSteps_;
    const double minScoredShare_;
    std::deque<std::optional<FloatArray>> steps_;
};

} // namespace vigil::live
