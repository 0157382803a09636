#include "core/eval/crop_matching.h"

#include <cassert>
#include <limits>

namespace vigil::eval {
namespace {

// Minimum-cost assignment of rows to columns (the Hungarian method with potentials, 1-based as
// in its usual statement). Returns the column of each row.
std::vector<int64_t> minimumCostAssignment(const std::vector<double>& cost, int64_t n)
{
    const double infinity = std::numeric_limits<double>::infinity();
    const auto at = [&](int64_t row, int64_t column) {
        return cost[static_cast<size_t>((row - 1) * n + column - 1)];
    };
    std::vector<double> u(n + 1, 0.0), v(n + 1, 0.0);
    std::vector<int64_t> rowOf(n + 1, 0), way(n + 1, 0);
    for (int64_t row = 1; row <= n; ++row) {
        rowOf[0] = row;
        int64_t column = 0;
        std::vector<double> slack(n + 1, infinity);
        std::vector<bool> isUsed(n + 1, false);
        do {
            isUsed[column] = true;
            const int64_t current = rowOf[column];
            double delta = infinity;
            int64_t next = 0;
            for (int64_t j = 1; j <= n; ++j) {
                if (isUsed[j])
                    continue;
                const double reduced = at(current, j) - u[current] - v[j];
                if (reduced < slack[j]) {
                    slack[j] = reduced;
                    way[j] = column;
                }
                if (slack[j] < delta) {
                    delta = slack[j];
                    next = j;
                }
            }
            for (int64_t j = 0; j <= n; ++j) {
                if (isUsed[j]) {
                    u[rowOf[j]] += delta;
                    v[j] -= delta;
                } else {
                    slack[j] -= delta;
                }
            }
            column = next;
        } while (rowOf[column] != 0);
        do {
            const int64_t previous = way[column];
            rowOf[column] = rowOf[previous];
            column = previous;
        } while (column != 0);
    }
    std::vector<int64_t> columnOf(static_cast<size_t>(n), 0);
    for (int64_t j = 1; j <= n; ++j)
        columnOf[static_cast<size_t>(rowOf[j] - 1)] = j - 1;
    return columnOf;
}

double totalOf(const std::vector<double>& similarity, const std::vector<int64_t>& columnOf)
{
    const auto n = static_cast<int64_t>(columnOf.size());
    double total = 0.0;
    for (int64_t i = 0; i < n; ++i)
        total += similarity[static_cast<size_t>(i * n + columnOf[static_cast<size_t>(i)])];
    return total;
}

std::string rangeText(int64_t first, int64_t last)
{
    return first == last ? std::to_string(first)
                         : std::to_string(first) + ".." + std::to_string(last);
}

} // namespace

std::vector<int64_t> bestCropMatch(const std::vector<double>& similarity, int64_t crops)
{
    assert(static_cast<int64_t>(similarity.size()) == crops * crops);
    std::vector<double> cost(similarity.size());
    for (size_t k = 0; k < cost.size(); ++k)
        cost[k] = -similarity[k];
    std::vector<int64_t> best = minimumCostAssignment(cost, crops);
    std::vector<int64_t> identity(static_cast<size_t>(crops));
    for (int64_t i = 0; i < crops; ++i)
        identity[static_cast<size_t>(i)] = i;
    // Ties (identical crops, or crops with nothing to tell them apart) keep the file's order.
    const double tolerance = 1e-6 * static_cast<double>(crops);
    return totalOf(similarity, best) > totalOf(similarity, identity) + tolerance ? best : identity;
}

std::string describeCropOrder(const std::vector<int64_t>& cropOfB)
{
    std::string text;
    const auto n = static_cast<int64_t>(cropOfB.size());
    const auto of = [&](int64_t i) { return cropOfB[static_cast<size_t>(i)]; };
    for (int64_t first = 0; first < n;) {
        if (of(first) == first) {
            ++first;
            continue;
        }
        int64_t last = first;
        while (last + 1 < n && of(last + 1) == of(last) + 1 && of(last + 1) != last + 1)
            ++last;
        const bool isOne = first == last;
        text += (text.empty() ? "" : ", ") + std::string(isOne ? "B's crop " : "B's crops ")
            + rangeText(of(first), of(last)) + (isOne ? " is A's " : " are A's ")
            + rangeText(first, last);
        first = last + 1;
    }
    return text;
}

} // namespace vigil::eval
