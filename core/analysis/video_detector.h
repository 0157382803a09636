#pragma once
// Detectors that score a whole video at once, as their papers' test code does (RTFM; S3R and
// MGFN to come, issue 22): attention over all steps of all crops, then the mean over crops. The
// attention classifier scores windows instead (network_interfaces.h). core declares the
// interface, models/ implements it; implementations are immutable and shared by every thread at
// once (core/engine/engine.h) and throw vigil::ModelError on failure.

#include "core/common/float_array.h"
#include "core/common/settings.h"

#include <cstdint>
#include <vector>

namespace vigil::analysis {

using vigil::DetectorKind;

struct VideoScores {
    std::vector<float> scores; // [steps]: in [0, 1], the mean over crops
    // The explanation: what the detector looked at, per step.
    std::vector<float> magnitudes; // [steps]: RTFM's feature magnitude, mean over crops
    FloatArray attention; // [steps, steps]: row t: how much step t drew on each step
};

class VideoDetector {
public:
    virtual ~VideoDetector() = default;
    // features: [crops, steps, featureSize()], all steps of one video (or of a live span).
    virtual VideoScores score(const FloatArray& features) const = 0;
    virtual int64_t featureSize() const = 0;
};

} // namespace vigil::analysis
