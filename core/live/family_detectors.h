#pragma once
// FamilyDetectors: every whole-video detector of a watch as a rolling opinion (RollingDetectors),
// those of the backbone's features on its feature, each other family's (UR-DMU's and PEL4VAD's
// Inception-I3D: engine.h, OtherFamily) on that family's feature of the same 16 frames, extracted
// here by its own backbone. The scores come in the engine's one order of detectors, as the
// scores.csv columns and the live view name them. Owned by one run, its thread only.

#include "core/engine/engine.h"
#include "core/live/rolling_detectors.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace vigil::live {

class FamilyDetectors {
public:
    // engine outlives this.
    FamilyDetectors(const engine::Engine& engine, int64_t spanSteps);

    // The newest step's score by every detector, in engine.detectors() order. feature:
    // [crops, width] of the backbone; otherInputs: the snippet's inputs of the other families
    // (LiveSnippet::otherInputs). A family whose input is missing leaves a gap in its span.
    std::vector<float> push(const FloatArray& feature, const std::vector<FloatArray>& otherInputs);
    std::vector<std::string> takeFailures(); // as RollingDetectors'
    void pushGap();
    void reset();

private:
    const engine::Engine& engine_;
    std::vector<RollingDetectors> families_; // [0] the backbone's, then otherFamilies() order
    std::vector<std::pair<size_t, size_t>> places_; // per detector: its family, its index there
};

} // namespace vigil::live
