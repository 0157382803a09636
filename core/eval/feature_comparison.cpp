#include "core/eval/feature_comparison.h"

#include "core/eval/crop_matching.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace vigil::eval {
namespace {

// A [steps, crops, F] array seen one feature vector at a time.
struct Features {
    const FloatArray& array;
    int64_t steps() const { return array.dim(0); }
    int64_t crops() const { return array.dim(1); }
    int64_t size() const { return array.dim(2); }
    const float* at(int64_t step, int64_t crop) const
    {
        return array.data() + (step * crops() + crop) * size();
    }
};

double dot(const float* x, const float* y, int64_t n)
{
    double sum = 0.0;
    for (int64_t k = 0; k < n; ++k)
        sum += static_cast<double>(x[k]) * static_cast<double>(y[k]);
    return sum;
}

// Two zero vectors are alike; a zero vector is like nothing else.
double cosine(const float* x, const float* y, int64_t n)
{
    const double xx = dot(x, x, n), yy = dot(y, y, n);
    if (xx == 0.0 || yy == 0.0)
        return xx == yy ? 1.0 : 0.0;
    return dot(x, y, n) / std::sqrt(xx * yy);
}

// [steps, 1, F]: each step's mean over crops, which does not depend on the crops' order.
FloatArray cropMeans(const Features& f)
{
    FloatArray means = FloatArray::zeros({ f.steps(), 1, f.size() });
    for (int64_t t = 0; t < f.steps(); ++t) {
        float* mean = means.data() + t * f.size();
        for (int64_t c = 0; c < f.crops(); ++c)
            for (int64_t k = 0; k < f.size(); ++k)
                mean[k] += f.at(t, c)[k] / static_cast<float>(f.crops());
    }
    return means;
}

// Each crop minus its step's crop mean: what tells a step's crops apart. Crops of one snippet
// are all much alike (cosine ~0.9 for pooled I3D features), so matching on the raw vectors
// would be decided by small differences on top of a large common part.
FloatArray cropDeviations(const Features& f)
{
    const FloatArray means = cropMeans(f);
    FloatArray deviations = f.array;
    for (int64_t t = 0; t < f.steps(); ++t)
        for (int64_t c = 0; c < f.crops(); ++c)
            for (int64_t k = 0; k < f.size(); ++k)
                deviations.values[static_cast<size_t>((t * f.crops() + c) * f.size() + k)]
                    -= means.values[static_cast<size_t>(t * f.size() + k)];
    return deviations;
}

double meanStepCosine(const Features& a, const Features& b, const StepAlignment& alignment)
{
    double sum = 0.0;
    for (int64_t t = 0; t < alignment.overlap; ++t)
        sum += cosine(
            a.at(alignment.firstStepA + t, 0), b.at(alignment.firstStepB + t, 0), a.size());
    return sum / static_cast<double>(alignment.overlap);
}

StepAlignment alignSteps(const FloatArray& a, const FloatArray& b)
{
    const FloatArray meanA = cropMeans({ a }), meanB = cropMeans({ b });
    const int64_t stepsA = a.dim(0), stepsB = b.dim(0);
    const StepAlignment atStart { 0, 0, std::min(stepsA, stepsB) };
    if (stepsA == stepsB || atStart.overlap == 0)
        return atStart;
    const StepAlignment atEnd { std::max<int64_t>(stepsA - stepsB, 0),
        std::max<int64_t>(stepsB - stepsA, 0), atStart.overlap };
    // Strictly better, so the usual case (a last snippet dropped or padded) wins ties.
    return meanStepCosine({ meanA }, { meanB }, atEnd)
            > meanStepCosine({ meanA }, { meanB }, atStart)
        ? atEnd
        : atStart;
}

std::vector<int64_t> matchCrops(const FloatArray& a, const FloatArray& b, const StepAlignment& s)
{
    const FloatArray deviationsA = cropDeviations({ a }), deviationsB = cropDeviations({ b });
    const Features da { deviationsA }, db { deviationsB };
    const int64_t crops = a.dim(1);
    std::vector<double> similarity(static_cast<size_t>(crops * crops), 0.0);
    for (int64_t t = 0; t < s.overlap; ++t)
        for (int64_t i = 0; i < crops; ++i)
            for (int64_t j = 0; j < crops; ++j)
                similarity[static_cast<size_t>(i * crops + j)]
                    += cosine(da.at(s.firstStepA + t, i), db.at(s.firstStepB + t, j), da.size())
                    / static_cast<double>(s.overlap);
    return bestCropMatch(similarity, crops);
}

// Per-step and per-crop cosines and norm ratios of the aligned steps, B's crops in A's order.
void measure(
    const Features& a, const Features& b, const std::vector<int64_t>& cropOf, FeatureComparison& r)
{
    const int64_t crops = a.crops();
    r.cropCosine.assign(static_cast<size_t>(crops), 0.0);
    for (int64_t t = 0; t < r.alignment.overlap; ++t) {
        double cosineSum = 0.0, ratioSum = 0.0;
        for (int64_t c = 0; c < crops; ++c) {
            const float* x = a.at(r.alignment.firstStepA + t, c);
            const float* y = b.at(r.alignment.firstStepB + t, cropOf[static_cast<size_t>(c)]);
            const double similarity = cosine(x, y, a.size());
            const double normA = std::sqrt(dot(x, x, a.size()));
            cosineSum += similarity;
            r.cropCosine[static_cast<size_t>(c)] += similarity / r.alignment.overlap;
            ratioSum += normA > 0.0 ? std::sqrt(dot(y, y, a.size())) / normA : 1.0;
        }
        r.stepCosine.push_back(cosineSum / static_cast<double>(crops));
        r.stepNormRatio.push_back(ratioSum / static_cast<double>(crops));
    }
}

void summarise(FeatureComparison& r)
{
    const auto n = static_cast<double>(r.stepCosine.size());
    const auto worst = std::min_element(r.stepCosine.begin(), r.stepCosine.end());
    r.minCosine = *worst;
    r.worstStepA = r.alignment.firstStepA + (worst - r.stepCosine.begin());
    double cosineSum = 0.0, ratioSum = 0.0, ratioSquares = 0.0;
    for (size_t t = 0; t < r.stepCosine.size(); ++t) {
        cosineSum += r.stepCosine[t];
        ratioSum += r.stepNormRatio[t];
        ratioSquares += r.stepNormRatio[t] * r.stepNormRatio[t];
    }
    r.meanCosine = cosineSum / n;
    r.normRatio = ratioSum / n;
    const double variance = std::max(ratioSquares / n - r.normRatio * r.normRatio, 0.0);
    r.normRatioSpread = r.normRatio > 0.0 ? std::sqrt(variance) / r.normRatio : 0.0;
}

void checkShape(const FloatArray& array, const char* name)
{
    if (array.rank() != 3 || array.dim(1) < 1)
        throw std::invalid_argument(std::string("features ") + name
            + " must be [steps, crops, size], got " + array.shapeText());
}

} // namespace

FeatureComparison compareFeatures(const FloatArray& a, const FloatArray& b)
{
    checkShape(a, "A");
    checkShape(b, "B");
    FeatureComparison r;
    r.stepsA = a.dim(0);
    r.stepsB = b.dim(0);
    r.cropsA = a.dim(1);
    r.cropsB = b.dim(1);
    r.featureSizeA = a.dim(2);
    r.featureSizeB = b.dim(2);
    if (r.featureSizeA == r.featureSizeB)
        r.alignment = alignSteps(a, b);
    if (r.alignment.overlap > 0) {
        if (r.cropsA == r.cropsB) {
            r.cropOfB = r.cropsA > 1 ? matchCrops(a, b, r.alignment) : std::vector<int64_t> { 0 };
            measure({ a }, { b }, r.cropOfB, r);
        } else {
            const FloatArray meanA = cropMeans({ a }), meanB = cropMeans({ b });
            measure({ meanA }, { meanB }, { 0 }, r);
            r.cropCosine.clear(); // one "crop", the mean, says nothing about A's crops
        }
        summarise(r);
    }
    r.verdict = comparisonVerdict(r);
    return r;
}

} // namespace vigil::eval
