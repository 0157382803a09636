#pragma once
// Every intermediate tensor of the attention classifier on one window of one crop, for showing
// students the mechanism (PROTOCOL.md section 3) with real shapes and values:
// x [T, F] -> W1 x + b1 [T, da] -> tanh -> W2 (.) + b2 [T, r] -> softmax over T -> A [T, r]
// -> M = xᵀA [F, r] -> flatten [F·r] -> fc1 [32] -> fc2 [1] -> sigmoid -> score.
// Windows, rows, steps and crops are counted from 0 everywhere they are shown (vigil explain
// --window 0, the GUI's "window 0", "row 0"), as the tensors are indexed: row k of the
// attention is A[:, k]. Plain values; WindowExplainer is implemented in models/, injected by app/.

#include "core/common/float_array.h"

#include <cstdint>
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

// Steps whose weights in one row are equal (within kTieTolerance): a tie, never ranked.
struct TiedSteps {
    float weight = 0.0f; // the heaviest of them
    std::vector<int64_t> steps; // within the window, in time order
};

// Where one row of the attention looks: its heaviest weights, ties kept together.
struct RowFocus {
    bool isUniform = false; // every step has the same weight: no step stands out
    // Heaviest first, at least `count` steps in all (fewer only when the row has fewer); the
    // last group is whole, so a tie at the cut is never broken by step order.
    std::vector<TiedSteps> groups;
};

// Weights closer than this, relative to the larger, are a tie: the four significant digits the
// explain pages print (0.1667) cannot tell them apart, and a ranking by differences in the fifth
// digit (demo weights make near-uniform rows) would be noise presented as a finding.
constexpr double kTieTolerance = 5e-4;

// Whether two weights tie (within kTieTolerance of the larger).
bool isTiedWeight(double a, double b);

RowFocus rowFocus(const WindowExplanation& explanation, int64_t row, int64_t count);

// softmax over T worked out for one row k, in double from the logits:
// weight[t] = exp(z[t] - shift) / Σ_t' exp(z[t'] - shift). The shift (0 unless the logits are
// large) cancels; it keeps exp from overflowing.
struct SoftmaxWorkedOut {
    int64_t row = 0;
    double shift = 0.0;
    std::vector<double> logits; // z[t] = logits[t, k]
    std::vector<double> exps; // exp(z[t] - shift)
    double sum = 0.0; // Σ exps
    std::vector<double> weights; // exps / sum
    double largestDifference = 0.0; // max_t |weights[t] - A[t, k]|: the network's own softmax
};

SoftmaxWorkedOut workOutSoftmax(const WindowExplanation& explanation, int64_t row);

// The few weights a walkthrough shows as numbers (the rest stay pictures): enough to redo
// W1's first hidden unit by hand and to read W2's rows as the r learned queries.
struct ClassifierInternals {
    std::vector<float> hiddenWeightRow; // W1[0, :], [F]: hidden unit 0's weights
    float hiddenBias = 0.0f; // b1[0]
    FloatArray queries; // W2, [r, da]: row k scores every step for attention row k
    std::vector<float> queryBias; // b2, [r]
    double dropoutProbability = 0.0; // p of the dropout on A (training mode only)
};

// The same window through the classifier in training mode: dropout on A with the model's p, as
// nn.Dropout does it (each weight kept with probability 1 − p and then divided by 1 − p), over
// `trials` masks drawn from one seed. The other layers stay as at inference.
struct DropoutTrials {
    uint64_t seed = 0;
    FloatArray firstAttention; // A after dropout with the first mask, [T, r]
    float firstScore = 0.0f; // the score with the first mask
    std::vector<float> scores; // the score with each mask
    // Per row: in how many trials that row's heaviest step (of the inference A) was zeroed.
    std::vector<int64_t> heaviestDropped;
};

class WindowExplainer {
public:
    virtual ~WindowExplainer() = default;
    // sequence: [T, featureSize], one crop of one window. Throws vigil::ModelError.
    virtual WindowExplanation explain(const FloatArray& sequence) const = 0;
    virtual ClassifierInternals internals() const = 0;
    // sequence as explain's; trials >= 1. Deterministic for a seed. Throws vigil::ModelError.
    virtual DropoutTrials dropoutTrials(
        const FloatArray& sequence, uint64_t seed, int64_t trials) const = 0;
};

} // namespace vigil::analysis
