#pragma once
// Compares two feature arrays of the same video ([steps, crops, F]: someone's released features
// and one's own, say) and says how they differ: step counts and which end has the extra step,
// crop order, scale (norm ratio), cosine similarity, then a one-line verdict. Pure functions on
// the caller's thread; throw std::invalid_argument on an array that is not [steps, crops, F].

#include "core/common/float_array.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::eval {

// Which steps of A and B are the same snippets: A's firstStepA.. with B's firstStepB.., overlap
// steps long. When the counts differ, the steps only one array has are at its end (both start
// at 0) or at its start (both end together), whichever makes the features more alike.
struct StepAlignment {
    int64_t firstStepA = 0;
    int64_t firstStepB = 0;
    int64_t overlap = 0;
};

struct FeatureComparison {
    int64_t stepsA = 0, stepsB = 0;
    int64_t cropsA = 0, cropsB = 0;
    int64_t featureSizeA = 0, featureSizeB = 0;
    StepAlignment alignment;
    // B's crop for each of A's crops (bestCropMatch); empty when the crop counts differ, in
    // which case every figure below compares the steps' crop means.
    std::vector<int64_t> cropOfB;
    std::vector<double> stepCosine; // [overlap]: mean over crops, B's crops matched to A's
    std::vector<double> cropCosine; // [cropsA]: mean over steps; empty when crop counts differ
    std::vector<double> stepNormRatio; // [overlap]: |B| / |A|, mean over crops
    double meanCosine = 0.0;
    double minCosine = 0.0;
    int64_t worstStepA = 0; // A's step of minCosine
    double normRatio = 0.0; // mean of stepNormRatio
    double normRatioSpread = 0.0; // its standard deviation over its mean
    std::string verdict; // "same protocol", "crop order differs (...)", ...
};

// The whole comparison, B against A. Feature sizes that differ or no common step leave every
// measure empty and say so in the verdict.
FeatureComparison compareFeatures(const FloatArray& a, const FloatArray& b);

// The verdict of a filled comparison, reasons joined by "; " (compareFeatures calls it).
std::string comparisonVerdict(const FeatureComparison& comparison);

} // namespace vigil::eval
