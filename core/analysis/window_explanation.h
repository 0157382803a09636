#pragma once
// Every intermediate tensor of the attention classifier on one window of one crop, for showing
// students the mechanism (PROTOCOL.md section 3) with real shapes and values:
// x [T, F] -> W1 x + b1 [T, da] -> tanh -> W2 (.) + b2 [T, r] -> softmax over T -> A [T, r]
// -> M = xᵀA [F, r] -> flatten [F·r] -> fc1 [32] -> fc2 [1] -> sigmoid -> score.
// Plain values; WindowExplainer is implemented in models/ and injected by app/.

#include "core/common/float_array.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace vigil::analysis {

struct WindowExplanation {
    int64_t steps = 0; // T
    int64_t featureSize = 0; // F (2048)
    int64_t hiddenSize = 0; // d_a
    int64_t rows = 0; // r
    FloatArray hiddenLinear; // W1 x + b1, [T, da]
    FloatArray hiddenTanh; // tanh of it, [T, da]
    FloatArray logits; // W2 (.) + b2, [T, r]
    FloatArray attention; // softmax over T, [T, r]; each column sums to 1
    FloatArray pooled; // M = xᵀA, [F, r]
    FloatArray fc1; // fc1(flatten(M)), [32]
    float fc2 = 0.0f; // the logit before the sigmoid
    float score = 0.0f; // sigmoid(fc2)
    // ||AᵀA - I||_F: 0 when the r rows attend to disjoint steps with all their weight on one
    // step each; large when rows repeat each other (the structured self-attention penalty).
    double redundancy = 0.0;
    FloatArray rowSimilarity; // AᵀA, [r, r]: overlap of each pair of rows
};

// The steps a row attends to most: (step within the window, weight), heaviest first.
std::vector<std::pair<int64_t, float>> topSteps(
    const WindowExplanation& explanation, int64_t row, int64_t count);

class WindowExplainer {
public:
    virtual ~WindowExplainer() = default;
    // sequence: [T, featureSize], one crop of one window. Throws vigil::ModelError.
    virtual WindowExplanation explain(const FloatArray& sequence) const = 0;
};

} // namespace vigil::analysis
