#include "core/eval/roc_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace vigil::eval {
namespace {

// sklearn's _binary_clf_curve: cumulative true and false positives at each distinct score,
// scores taken in decreasing order.
struct Counts {
    std::vector<double> truePositives;
    std::vector<double> falsePositives;
    std::vector<double> thresholds;
};

Counts countAtThresholds(const std::vector<float>& scores, const std::vector<uint8_t>& labels)
{
    if (scores.size() != labels.size())
        throw std::invalid_argument("scores and labels differ in length");
    std::vector<size_t> order(scores.size());
    std::iota(order.begin(), order.end(), size_t { 0 });
    std::stable_sort(
        order.begin(), order.end(), [&](size_t a, size_t b) { return scores[a] > scores[b]; });
    Counts counts;
    double positives = 0.0;
    for (size_t i = 0; i < order.size(); ++i) {
        positives += labels[order[i]] != 0 ? 1.0 : 0.0;
        const bool isLastOfScore
            = i + 1 == order.size() || scores[order[i + 1]] != scores[order[i]];
        if (!isLastOfScore)
            continue;
        counts.truePositives.push_back(positives);
        counts.falsePositives.push_back(static_cast<double>(i + 1) - positives);
        counts.thresholds.push_back(scores[order[i]]);
    }
    return counts;
}

bool hasBothClasses(const std::vector<uint8_t>& labels)
{
    const bool hasPositive
        = std::any_of(labels.begin(), labels.end(), [](uint8_t l) { return l != 0; });
    const bool hasNegative
        = std::any_of(labels.begin(), labels.end(), [](uint8_t l) { return l == 0; });
    return hasPositive && hasNegative;
}

} // namespace

std::vector<CurvePoint> rocCurve(
    const std::vector<float>& scores, const std::vector<uint8_t>& labels)
{
    const Counts counts = countAtThresholds(scores, labels);
    std::vector<CurvePoint> curve { { 0.0, 0.0, std::numeric_limits<double>::infinity() } };
    if (counts.thresholds.empty())
        return curve;
    const double positives = counts.truePositives.back();
    const double negatives = counts.falsePositives.back();
    for (size_t i = 0; i < counts.thresholds.size(); ++i) {
        // sklearn divides by zero here too (giving NaN); keep its behaviour visible, not hidden.
        curve.push_back({ counts.falsePositives[i] / negatives, counts.truePositives[i] / positives,
            counts.thresholds[i] });
    }
    return curve;
}

std::vector<CurvePoint> precisionRecallCurve(
    const std::vector<float>& scores, const std::vector<uint8_t>& labels)
{
    const Counts counts = countAtThresholds(scores, labels);
    std::vector<CurvePoint> curve;
    const double positives = counts.truePositives.empty() ? 0.0 : counts.truePositives.back();
    for (size_t i = counts.thresholds.size(); i-- > 0;) {
        const double predicted = counts.truePositives[i] + counts.falsePositives[i];
        const double precision = predicted != 0.0 ? counts.truePositives[i] / predicted : 0.0;
        const double recall = positives != 0.0 ? counts.truePositives[i] / positives : 1.0;
        curve.push_back({ recall, precision, counts.thresholds[i] });
    }
    curve.push_back({ 0.0, 1.0, std::numeric_limits<double>::infinity() });
    return curve;
}

double areaUnder(const std::vector<CurvePoint>& curve)
{
    double area = 0.0;
    for (size_t i = 1; i < curve.size(); ++i)
        area += (curve[i].x - curve[i - 1].x) * (curve[i].y + curve[i - 1].y) / 2.0;
    // sklearn.metrics.auc flips the sign for a decreasing x (the PR curve).
    const bool isDecreasing = curve.size() > 1 && curve.back().x < curve.front().x;
    return isDecreasing ? -area : area;
}

double rocAuc(const std::vector<float>& scores, const std::vector<uint8_t>& labels)
{
    if (!hasBothClasses(labels))
        return std::nan("");
    return areaUnder(rocCurve(scores, labels));
}

double prAuc(const std::vector<float>& scores, const std::vector<uint8_t>& labels)
{
    if (!hasBothClasses(labels))
        return std::nan("");
    return areaUnder(precisionRecallCurve(scores, labels));
}

} // namespace vigil::eval
