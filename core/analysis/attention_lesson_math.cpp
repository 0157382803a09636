#include "core/analysis/attention_lesson_math.h"

#include "core/analysis/attention_lesson_text.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace vigil::analysis {
namespace {

using detail::at;

// softmax over the first dimension of z [T, r], column by column, in double.
FloatArray softmaxOverTime(const std::vector<double>& z, int64_t steps, int64_t rows)
{
    FloatArray out = FloatArray::zeros({ steps, rows });
    for (int64_t k = 0; k < rows; ++k) {
        double largest = -INFINITY, sum = 0.0;
        for (int64_t t = 0; t < steps; ++t)
            largest = std::max(largest, z[static_cast<size_t>(t * rows + k)]);
        for (int64_t t = 0; t < steps; ++t)
            sum += std::exp(z[static_cast<size_t>(t * rows + k)] - largest);
        for (int64_t t = 0; t < steps; ++t)
            out.values[static_cast<size_t>(t * rows + k)] = static_cast<float>(
                std::exp(z[static_cast<size_t>(t * rows + k)] - largest) / sum);
    }
    return out;
}

double largestInRow(const FloatArray& attention, int64_t row)
{
    double largest = 0.0;
    for (int64_t t = 0; t < attention.dim(0); ++t)
        largest = std::max(largest, static_cast<double>(at(attention, t, row)));
    return largest;
}

// Spread over T of W2[k] · h_t + b2[k] for hidden vectors h [T, da].
double logitSpread(const FloatArray& hidden, const ClassifierInternals& internals, int64_t row)
{
    double low = INFINITY, high = -INFINITY;
    for (int64_t t = 0; t < hidden.dim(0); ++t) {
        double z = 0.0;
        for (int64_t j = 0; j < hidden.dim(1); ++j)
            z += static_cast<double>(at(internals.queries, row, j)) * at(hidden, t, j);
        low = std::min(low, z);
        high = std::max(high, z);
    }
    return high - low;
}

} // namespace

double hiddenUnitByHand(const ClassifierInternals& internals, const FloatArray& x, int64_t step)
{
    double sum = internals.hiddenBias;
    for (int64_t f = 0; f < x.dim(1); ++f)
        sum += static_cast<double>(internals.hiddenWeightRow[static_cast<size_t>(f)])
            * at(x, step, f);
    return sum;
}

double effectiveStepsOf(const FloatArray& attention, int64_t row)
{
    double entropy = 0.0;
    for (int64_t t = 0; t < attention.dim(0); ++t) {
        const double p = at(attention, t, row);
        if (p > 0.0)
            entropy -= p * std::log(p);
    }
    return std::exp(entropy);
}

QueryKeyReading readAsQueriesAndKeys(
    const WindowExplanation& e, const ClassifierInternals& internals)
{
    const int64_t steps = e.steps, rows = e.rows, hidden = e.hiddenSize;
    std::vector<double> dots(static_cast<size_t>(steps * rows)), scaled(dots.size());
    QueryKeyReading reading;
    for (int64_t t = 0; t < steps; ++t)
        for (int64_t k = 0; k < rows; ++k) {
            double dot = 0.0; // q_k · K_t
            for (int64_t j = 0; j < hidden; ++j)
                dot += static_cast<double>(at(internals.queries, k, j)) * at(e.hiddenTanh, t, j);
            dots[static_cast<size_t>(t * rows + k)] = dot;
            scaled[static_cast<size_t>(t * rows + k)]
                = dot / std::sqrt(static_cast<double>(hidden));
            reading.largestLogitDifference = std::max(reading.largestLogitDifference,
                std::fabs(dot + internals.queryBias[static_cast<size_t>(k)] - at(e.logits, t, k)));
        }
    const FloatArray withoutBias = softmaxOverTime(dots, steps, rows);
    for (size_t i = 0; i < withoutBias.values.size(); ++i)
        reading.largestBiasEffect = std::max(reading.largestBiasEffect,
            static_cast<double>(std::fabs(withoutBias.values[i] - e.attention.values[i])));
    reading.scaledAttention = softmaxOverTime(scaled, steps, rows);
    for (int64_t k = 0; k < rows; ++k) {
        reading.largestWeight.push_back(largestInRow(e.attention, k));
        reading.largestScaledWeight.push_back(largestInRow(reading.scaledAttention, k));
        reading.effectiveSteps.push_back(effectiveStepsOf(e.attention, k));
        reading.effectiveScaledSteps.push_back(effectiveStepsOf(reading.scaledAttention, k));
    }
    return reading;
}

TanhEffect tanhEffect(const WindowExplanation& e, const ClassifierInternals& internals)
{
    TanhEffect effect;
    const auto [low, high]
        = std::minmax_element(e.hiddenLinear.values.begin(), e.hiddenLinear.values.end());
    effect.hiddenLow = *low;
    effect.hiddenHigh = *high;
    const auto saturated = std::count_if(e.hiddenTanh.values.begin(), e.hiddenTanh.values.end(),
        [](float value) { return std::fabs(value) > 0.95f; });
    effect.saturatedShare = e.hiddenTanh.values.empty()
        ? 0.0
        : static_cast<double>(saturated) / static_cast<double>(e.hiddenTanh.values.size());
    for (int64_t k = 0; k < e.rows; ++k) {
        double lowest = INFINITY, highest = -INFINITY, bound = 0.0;
        for (int64_t t = 0; t < e.steps; ++t) {
            lowest = std::min(lowest, static_cast<double>(at(e.logits, t, k)));
            highest = std::max(highest, static_cast<double>(at(e.logits, t, k)));
        }
        for (int64_t j = 0; j < e.hiddenSize; ++j)
            bound += std::fabs(at(internals.queries, k, j));
        effect.logitSpread.push_back(highest - lowest);
        effect.logitBound.push_back(2.0 * bound);
        effect.spreadWithoutTanh.push_back(logitSpread(e.hiddenLinear, internals, k));
    }
    return effect;
}

std::vector<std::vector<int64_t>> alikeRows(const WindowExplanation& e)
{
    std::vector<std::vector<int64_t>> groups;
    const auto similarity = [&](int64_t i, int64_t j) { return at(e.rowSimilarity, i, j); };
    for (int64_t k = 0; k < e.rows; ++k) {
        bool isPlaced = false;
        for (auto& group : groups) {
            const int64_t first = group.front();
            const double cosine = similarity(first, k)
                / std::sqrt(std::max(
                    1e-30, static_cast<double>(similarity(first, first)) * similarity(k, k)));
            if (cosine >= kSameRowCosine) {
                group.push_back(k);
                isPlaced = true;
                break;
            }
        }
        if (!isPlaced)
            groups.push_back({ k });
    }
    return groups;
}

DropoutSummary summariseDropout(const DropoutTrials& trials, double dropoutProbability)
{
    DropoutSummary summary;
    summary.keptScale = 1.0 / (1.0 - dropoutProbability);
    const FloatArray& first = trials.firstAttention;
    for (int64_t k = 0; first.rank() == 2 && k < first.dim(1); ++k) {
        double sum = 0.0;
        for (int64_t t = 0; t < first.dim(0); ++t)
            sum += at(first, t, k);
        summary.firstRowSums.push_back(sum);
    }
    summary.firstZeroed = std::count(first.values.begin(), first.values.end(), 0.0f);
    if (trials.scores.empty())
        return summary;
    const auto count = static_cast<double>(trials.scores.size());
    summary.meanScore = std::accumulate(trials.scores.begin(), trials.scores.end(), 0.0) / count;
    double squares = 0.0;
    for (const float score : trials.scores)
        squares += (score - summary.meanScore) * (score - summary.meanScore);
    summary.scoreDeviation = std::sqrt(squares / count);
    const auto [low, high] = std::minmax_element(trials.scores.begin(), trials.scores.end());
    summary.lowestScore = *low;
    summary.highestScore = *high;
    for (const int64_t dropped : trials.heaviestDropped)
        summary.heaviestDroppedShare.push_back(static_cast<double>(dropped) / count);
    return summary;
}

} // namespace vigil::analysis
