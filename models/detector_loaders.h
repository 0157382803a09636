#pragma once
// The loader of each whole-video detector, one row per detector of core's table
// (core/analysis/detector_table.h), so that loading a detector is a lookup, not a switch on its
// kind. A row takes the weights' path and the companion file's (empty for a detector without
// one; both empty: seeded demo weights). Caller's thread.

#include "core/engine/network_loader.h"

#include <string>
#include <vector>

namespace vigil::models {

struct DetectorLoader {
    DetectorKind kind;
    engine::LoadedDetector (*load)(
        const std::string& weightsPath, const std::string& companionPath);
};

const std::vector<DetectorLoader>& detectorLoaders();

} // namespace vigil::models
