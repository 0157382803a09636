// The eight answers of the lesson (attention_lesson.h), each with numbers of the window.

#include "core/analysis/attention_lesson.h"
#include "core/analysis/attention_lesson_math.h"
#include "core/analysis/attention_lesson_text.h"

#include <algorithm>
#include <cmath>

namespace vigil::analysis {
namespace {

using detail::at;
using detail::format;
using ll = long long;

// Crop c's [T, F] out of the batch [crops, T, F].
FloatArray cropOf(const FloatArray& window, int64_t crop)
{
    const int64_t steps = window.dim(1), size = window.dim(2);
    FloatArray x;
    x.shape = { steps, size };
    const auto first = window.values.begin() + crop * steps * size;
    x.values.assign(first, first + steps * size);
    return x;
}

int64_t heaviestStep(const WindowExplanation& e, int64_t row)
{
    int64_t best = 0;
    for (int64_t t = 1; t < e.steps; ++t)
        if (at(e.attention, t, row) > at(e.attention, best, row))
            best = t;
    return best;
}

std::string perRow(const std::vector<double>& values, const char* pattern)
{
    std::string text;
    for (size_t k = 0; k < values.size(); ++k)
        text += format("%srow %zu ", k == 0 ? "" : ", ", k) + format(pattern, values[k]);
    return text;
}

LessonSection mlpOrAttention(const LessonInput& input)
{
    const WindowExplanation& e = input.crops[static_cast<size_t>(input.crop)];
    const int64_t F = e.featureSize, da = e.hiddenSize, r = e.rows;
    const int64_t top = heaviestStep(e, 0);
    const double z = at(e.logits, top, 0);
    double sum = 0.0;
    for (int64_t t = 0; t < e.steps; ++t)
        sum += std::exp(static_cast<double>(at(e.logits, t, 0)) - z);
    return { "q1", "1. Is this self-attention just a multi-layer perceptron?",
        { format(
              "Half of it is. The scorer of each step is a two-layer MLP, %lld -> %lld (tanh) -> "
              "%lld, with %lld parameters, applied to every step on its own: the logits of "
              "step t depend on x_t alone.",
              (ll)F, (ll)da, (ll)r, (ll)(F * da + da + da * r + r)),
            format("What makes it attention is what follows. The softmax runs over time, so a "
                   "step's weight depends on every other step of the window: here step %lld has "
                   "row 0's largest logit, %.4f, and its weight is exp(%.4f) / sum_t exp(z_t) = "
                   "1 / %.4f = %.4f; the other %lld steps take the rest. Then m = x^T A averages "
                   "the window's own features with those weights: the output is a weighted sum of "
                   "the inputs (the values), chosen by the inputs. An MLP on the flattened window "
                   "would give each position its own weights; this one treats the steps as a set: "
                   "shuffle them and A's entries move with them while m stays the same.",
                (ll)top, z, z, sum, 1.0 / sum, (ll)(e.steps - 1)) } };
}

LessonSection queryKeyValue(const LessonInput& input)
{
    const WindowExplanation& e = input.crops[static_cast<size_t>(input.crop)];
    const QueryKeyReading reading = readAsQueriesAndKeys(e, input.internals);
    return { "q2", "2. Where are the query, key and value of scaled dot-product attention?",
        { format("They are there, in the additive form of the structured self-attentive "
                 "embedding (Lin et al., 2017). Keys: K = tanh(W1 x + b1), [T, %lld]. Queries: "
                 "the %lld rows of W2, each a learned vector of %lld numbers, the same for every "
                 "video (a Transformer computes T queries from x; here there are r fixed ones). "
                 "Values: x itself, with no W_V. So logits[t, k] = q_k . K_t + b2[k].",
              (ll)e.hiddenSize, (ll)e.rows, (ll)e.hiddenSize),
            format("Checked on this window: q_k . K_t + b2[k] computed by hand matches the "
                   "network's logits to %.2g. b2[k] adds the same number to every step of row k, "
                   "so it cancels in the softmax over time (leaving it out changes A by %.2g).",
                reading.largestLogitDifference, reading.largestBiasEffect),
            "Scaled dot-product attention with the same queries and keys, softmax_T(K q_k / "
            "sqrt(d_a)), on this window: heaviest weight "
                + perRow(reading.largestWeight, "%.4f") + " becomes "
                + perRow(reading.largestScaledWeight, "%.4f") + "; the steps a row effectively "
                + "spreads over, exp(entropy), " + perRow(reading.effectiveSteps, "%.2f")
                + " become " + perRow(reading.effectiveScaledSteps, "%.2f") + "." } };
}

LessonSection tanhOrScaling(const LessonInput& input)
{
    const WindowExplanation& e = input.crops[static_cast<size_t>(input.crop)];
    const TanhEffect effect = tanhEffect(e, input.internals);
    const double root = std::sqrt(static_cast<double>(e.hiddenSize));
    return { "q3", "3. Is tanh doing the job of the 1/sqrt(d_k) scaling?",
        { format("No. 1/sqrt(d_k) is a fixed temperature: for random unit-variance q and k the "
                 "dot product's variance grows with d_k, and dividing by sqrt(d_k) = %.3g here "
                 "would shrink every logit difference %.3g times. tanh is a non-linearity on the "
                 "keys: it bounds each of the %lld key values to -1..1, so row k's logits can "
                 "differ between steps by at most 2 sum|W2[k, :]|, whatever x is.",
              root, root, (ll)e.hiddenSize),
            format("On this window W1 x + b1 ranges %.3g .. %.3g and %.1f %% of the tanh outputs "
                   "are saturated (|h| > 0.95). Spread of the logits over the steps: ",
                effect.hiddenLow, effect.hiddenHigh, 100.0 * effect.saturatedShare)
                + perRow(effect.logitSpread, "%.3f")
                + "; the bound 2 sum|W2[k, :]|: " + perRow(effect.logitBound, "%.3f")
                + "; without tanh (W2 on W1 x + b1) " + perRow(effect.spreadWithoutTanh, "%.3f")
                + ". The model sets its own temperature through the size of W2, which training "
                  "learns; question 2 shows what dividing by sqrt(d_a) would do to A." } };
}

LessonSection sharedWeights(const LessonInput& input)
{
    const int64_t crops = input.window.dim(0), steps = input.window.dim(1);
    const int64_t c1 = input.crop, t1 = 0, c2 = crops - 1 - input.crop % crops, t2 = steps - 1;
    const FloatArray x1 = cropOf(input.window, c1), x2 = cropOf(input.window, c2);
    const auto network = [&](int64_t crop, int64_t step) {
        return static_cast<double>(
            at(input.crops[static_cast<size_t>(crop)].hiddenLinear, step, 0));
    };
    return { "q4", "4. How does one weight matrix W apply across the batch and time dimensions?",
        { format("nn.Linear acts on the last dimension only. On [%lld, %lld, %lld] it computes "
                 "x W1^T + b1 for each of the %lld x %lld = %lld feature vectors with the same W1 "
                 "[%lld, %lld] and b1; the leading dimensions are just a stack of vectors "
                 "(matmul broadcasts over them).",
              (ll)crops, (ll)steps, (ll)input.window.dim(2), (ll)crops, (ll)steps,
              (ll)(crops * steps), (ll)input.crops[0].hiddenSize, (ll)input.window.dim(2)),
            format("Hidden unit 0, W1[0, :] . x + b1[0], on two vectors of this window: crop "
                   "%lld, step %lld: by hand %.6f, the network %.6f; crop %lld, step %lld: by "
                   "hand %.6f, the network %.6f. The same row of W1, two different vectors.",
                (ll)c1, (ll)t1, hiddenUnitByHand(input.internals, x1, t1), network(c1, t1), (ll)c2,
                (ll)t2, hiddenUnitByHand(input.internals, x2, t2), network(c2, t2)) } };
}

} // namespace

// The rest of the answers (attention_lesson_more.cpp).
LessonSection shapesOfTheProduct(const LessonInput& input);
LessonSection flattening(const LessonInput& input);
LessonSection whyTheseSizes(const LessonInput& input);
LessonSection dropoutAfterSoftmax(const LessonInput& input);

std::vector<LessonSection> answerQuestions(const LessonInput& input)
{
    return { mlpOrAttention(input), queryKeyValue(input), tanhOrScaling(input),
        sharedWeights(input), shapesOfTheProduct(input), flattening(input), whyTheseSizes(input),
        dropoutAfterSoftmax(input) };
}

} // namespace vigil::analysis
