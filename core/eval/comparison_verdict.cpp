// The verdict of a FeatureComparison (declared in feature_comparison.h): what a user who holds
// someone's features and their own should look at first.

#include "core/eval/crop_matching.h"
#include "core/eval/feature_comparison.h"

#include <cmath>
#include <cstdio>

namespace vigil::eval {
namespace {

// Features of one network and preprocessing agree to about 1e-3 however they were decoded;
// below kSameCosine something in the protocol differs, below kCloseCosine the features are not
// the same network's on the same frames.
constexpr double kSameCosine = 0.99;
constexpr double kCloseCosine = 0.9;
// A norm ratio this far from 1, nearly the same at every step, is a constant factor.
constexpr double kScaleTolerance = 0.05;

std::string format(const char* pattern, double value)
{
    char text[96];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

std::string stepsFinding(const FeatureComparison& r)
{
    const int64_t extra = r.stepsB - r.stepsA;
    if (extra == 0)
        return {};
    const bool isAtEnd = r.alignment.firstStepA == 0 && r.alignment.firstStepB == 0;
    if (extra == -1)
        return isAtEnd ? "one step shorter: last snippet dropped vs padded"
                       : "one step shorter: B lacks A's first snippet";
    if (extra == 1)
        return isAtEnd ? "one step longer: last snippet padded vs dropped"
                       : "one step longer: B has an extra first snippet";
    const long long count = extra < 0 ? -extra : extra;
    return std::to_string(count) + (extra < 0 ? " steps shorter" : " steps longer")
        + (isAtEnd ? ", at the end" : ", at the start");
}

std::string scaleFinding(const FeatureComparison& r)
{
    if (std::abs(r.normRatio - 1.0) <= kScaleTolerance)
        return {};
    if (r.normRatioSpread <= kScaleTolerance)
        return format("scale differs by x%.3g: normalisation?", r.normRatio);
    return format("norms differ (B/A %.3g on average, varying by step)", r.normRatio);
}

void add(std::string& verdict, const std::string& finding)
{
    if (!finding.empty())
        verdict += (verdict.empty() ? "" : "; ") + finding;
}

} // namespace

std::string comparisonVerdict(const FeatureComparison& r)
{
    if (r.featureSizeA != r.featureSizeB)
        return "different feature sizes (A " + std::to_string(r.featureSizeA) + ", B "
            + std::to_string(r.featureSizeB) + ")";
    if (r.alignment.overlap == 0)
        return "nothing to compare (A has " + std::to_string(r.stepsA) + " steps, B "
            + std::to_string(r.stepsB) + ")";
    std::string verdict;
    if (r.meanCosine < kCloseCosine) {
        add(verdict, format("different features (cosine %.2f)", r.meanCosine));
        add(verdict, stepsFinding(r));
        return verdict;
    }
    add(verdict, stepsFinding(r));
    if (r.cropsA != r.cropsB)
        add(verdict,
            "crop counts differ (A " + std::to_string(r.cropsA) + ", B " + std::to_string(r.cropsB)
                + "; crop means compared)");
    const std::string order = describeCropOrder(r.cropOfB);
    if (!order.empty())
        add(verdict, "crop order differs (" + order + ")");
    add(verdict, scaleFinding(r));
    if (r.meanCosine < kSameCosine)
        add(verdict,
            format("close features (cosine %.3f): other decoding or preprocessing?", r.meanCosine));
    else if (r.minCosine < kCloseCosine)
        add(verdict,
            "step " + std::to_string(r.worstStepA) + " of A differs"
                + format(" (cosine %.2f)", r.minCosine));
    return verdict.empty() ? "same protocol" : verdict;
}

} // namespace vigil::eval
