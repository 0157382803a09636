#pragma once
// The seam between the engine and the networks: core declares what it needs, models/ implements
// it, app/ injects it. Implementations are immutable and shared by every thread at once, as the
// threading contract in core/engine/engine.h says; they throw vigil::ModelError on failure.

#include "core/common/float_array.h"
#include "core/common/settings.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::analysis {

using vigil::BackboneKind;

// Turns a batch of preprocessed inputs into one feature vector each.
class FeatureExtractor {
public:
    virtual ~FeatureExtractor() = default;
    // input: [N, 3, 16, 224, 224] for a 3D backbone, [N, 3, 224, 224] for a 2D one.
    // Returns [N, featureSize()].
    virtual FloatArray extract(const FloatArray& input) const = 0;
    virtual int64_t featureSize() const = 0;
};

struct WindowScore {
    std::vector<float> cropScores; // [C]: one score in [0, 1] per crop sequence
    FloatArray attention; // [C, steps, r]: softmax over steps for each row
};

// Scores one window of feature steps with the attention classifier.
class WindowScorer {
public:
    virtual ~WindowScorer() = default;
    // window: [C, steps, featureSize]; C independent sequences (crops) of the same steps.
    virtual WindowScore score(const FloatArray& window) const = 0;
    virtual int64_t featureSize() const = 0;
    virtual int64_t attentionRows() const = 0;
};

} // namespace vigil::analysis
