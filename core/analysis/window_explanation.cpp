#include "core/analysis/window_explanation.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

namespace vigil::analysis {
namespace {

float weightAt(const WindowExplanation& e, int64_t step, int64_t row)
{
    return e.attention.values[static_cast<size_t>(step * e.rows + row)];
}

} // namespace

bool isTiedWeight(double a, double b)
{
    return std::fabs(a - b) <= kTieTolerance * std::max(std::fabs(a), std::fabs(b));
}

RowFocus rowFocus(const WindowExplanation& e, int64_t row, int64_t count)
{
    assert(row >= 0 && row < e.rows);
    std::vector<int64_t> order(static_cast<size_t>(e.steps));
    std::iota(order.begin(), order.end(), int64_t { 0 });
    std::stable_sort(order.begin(), order.end(),
        [&](int64_t a, int64_t b) { return weightAt(e, a, row) > weightAt(e, b, row); });
    RowFocus focus;
    int64_t listed = 0;
    for (size_t i = 0; i < order.size() && listed < std::max<int64_t>(1, count);) {
        // A group: every following step that ties with the group's heaviest.
        TiedSteps group { weightAt(e, order[i], row), {} };
        while (i < order.size() && isTiedWeight(weightAt(e, order[i], row), group.weight))
            group.steps.push_back(order[i++]);
        std::sort(group.steps.begin(), group.steps.end());
        listed += static_cast<int64_t>(group.steps.size());
        focus.groups.push_back(std::move(group));
    }
    focus.isUniform = e.steps > 1 && focus.groups.size() == 1
        && static_cast<int64_t>(focus.groups.front().steps.size()) == e.steps;
    return focus;
}

SoftmaxWorkedOut workOutSoftmax(const WindowExplanation& e, int64_t row)
{
    assert(row >= 0 && row < e.rows);
    SoftmaxWorkedOut worked;
    worked.row = row;
    for (int64_t t = 0; t < e.steps; ++t)
        worked.logits.push_back(e.logits.values[static_cast<size_t>(t * e.rows + row)]);
    const double largest = worked.logits.empty()
        ? 0.0
        : *std::max_element(worked.logits.begin(), worked.logits.end());
    // exp(±50) is 5e21 or 2e-22: still readable, and far from overflowing (or underflowing) a
    // double; beyond that the largest logit is taken off.
    worked.shift = std::fabs(largest) > 50.0 ? largest : 0.0;
    for (const double z : worked.logits) {
        worked.exps.push_back(std::exp(z - worked.shift));
        worked.sum += worked.exps.back();
    }
    for (int64_t t = 0; t < e.steps; ++t) {
        worked.weights.push_back(worked.exps[static_cast<size_t>(t)] / worked.sum);
        worked.largestDifference = std::max(worked.largestDifference,
            std::fabs(worked.weights.back() - static_cast<double>(weightAt(e, t, row))));
    }
    return worked;
}

} // namespace vigil::analysis
