#pragma once
// The numbers behind the answers to a student's questions about the attention classifier
// (docs/explain.md), each computed on one window's own explanation: hidden unit 0 by hand,
// the logits as learned queries dotted with keys, scaled dot-product attention on the same
// keys, what tanh bounds, the rows' overlap and the dropout trials. Pure; any thread.

#include "core/analysis/window_explanation.h"

#include <cstdint>
#include <vector>

namespace vigil::analysis {

// W1[0, :] · x[t, :] + b1[0] in double, for step t of one crop's window x [T, F].
double hiddenUnitByHand(const ClassifierInternals& internals, const FloatArray& x, int64_t step);

// The same logits read as attention with r learned queries: K = tanh(W1 x + b1) [T, da] are the
// keys, the rows of W2 [r, da] the queries, x the values.
struct QueryKeyReading {
    double largestLogitDifference = 0.0; // max |q_k·K_t + b2_k − logits[t, k]|
    double largestBiasEffect = 0.0; // max |softmax_T(Q Kᵀ) − A|: b2 cancels over time
    FloatArray scaledAttention; // softmax_T(K q_k / √d_a), [T, r]: scaled dot-product
    std::vector<double> largestWeight; // per row, of A
    std::vector<double> largestScaledWeight; // per row, of scaledAttention
    std::vector<double> effectiveSteps; // per row, exp(entropy) of A: 1 = one step, T = uniform
    std::vector<double> effectiveScaledSteps; // the same for scaledAttention
};
QueryKeyReading readAsQueriesAndKeys(
    const WindowExplanation& explanation, const ClassifierInternals& internals);

// What tanh does to the logits on this window, row by row.
struct TanhEffect {
    double hiddenLow = 0.0, hiddenHigh = 0.0; // range of W1 x + b1 (before tanh)
    double saturatedShare = 0.0; // share of tanh outputs with |value| > 0.95
    std::vector<double> logitSpread; // per row: max − min of the logits over T
    std::vector<double> logitBound; // per row: 2 Σ|W2[k, :]|, the most tanh lets logits differ
    std::vector<double> spreadWithoutTanh; // per row: the spread were W2 applied to W1 x + b1
};
TanhEffect tanhEffect(const WindowExplanation& explanation, const ClassifierInternals& internals);

// Groups of rows that look at the same steps: cosine of their weights ≥ kSameRowCosine.
inline constexpr double kSameRowCosine = 0.95;
std::vector<std::vector<int64_t>> alikeRows(const WindowExplanation& explanation);

struct DropoutSummary {
    double keptScale = 1.0; // 1 / (1 − p)
    std::vector<double> firstRowSums; // per row: Σ_t of the first mask's A; no longer 1
    int64_t firstZeroed = 0; // weights the first mask set to 0, of T·r
    double meanScore = 0.0, lowestScore = 0.0, highestScore = 0.0, scoreDeviation = 0.0;
    std::vector<double> heaviestDroppedShare; // per row: trials without its heaviest step
};
DropoutSummary summariseDropout(const DropoutTrials& trials, double dropoutProbability);

// A per-row [T, r] helper: exp(entropy) of one column, in steps.
double effectiveStepsOf(const FloatArray& attention, int64_t row);

} // namespace vigil::analysis
