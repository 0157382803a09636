// Each measure of `vigil features compare` on synthetic features with one deliberate change
// (scale, crop order, a dropped or padded step, noise), so every verdict is known in advance.

#include "core/eval/crop_matching.h"
#include "core/eval/feature_comparison.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace vigil::eval {
namespace {

constexpr int64_t kSteps = 8, kCrops = 10, kSize = 64;

// ReLU-like [steps, crops, F] features whose crops share most of each step, as the ten crops of
// one snippet do.
FloatArray makeFeatures(unsigned seed, int64_t steps = kSteps, int64_t crops = kCrops)
{
    std::mt19937 random(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    FloatArray features = FloatArray::zeros({ steps, crops, kSize });
    for (int64_t t = 0; t < steps; ++t) {
        std::vector<float> step(kSize);
        for (float& value : step)
            value = std::abs(normal(random));
        for (int64_t c = 0; c < crops; ++c)
            for (int64_t k = 0; k < kSize; ++k)
                features.values[static_cast<size_t>((t * crops + c) * kSize + k)]
                    = step[static_cast<size_t>(k)] + 0.3f * std::abs(normal(random));
    }
    return features;
}

FloatArray scaled(FloatArray features, float factor)
{
    for (float& value : features.values)
        value *= factor;
    return features;
}

FloatArray withNoise(FloatArray features, float sigma, unsigned seed)
{
    std::mt19937 random(seed);
    std::normal_distribution<float> normal(0.0f, sigma);
    for (float& value : features.values)
        value += normal(random);
    return features;
}

// B's crop j is A's crop (j + shift) % crops.
FloatArray cropsRotated(const FloatArray& features, int64_t shift)
{
    FloatArray rotated = features;
    const int64_t steps = features.dim(0), crops = features.dim(1);
    for (int64_t t = 0; t < steps; ++t)
        for (int64_t j = 0; j < crops; ++j)
            std::copy_n(features.data() + (t * crops + (j + shift) % crops) * kSize, kSize,
                rotated.data() + (t * crops + j) * kSize);
    return rotated;
}

FloatArray steps(const FloatArray& features, int64_t first, int64_t count)
{
    const int64_t stepValues = features.dim(1) * features.dim(2);
    FloatArray part;
    part.shape = { count, features.dim(1), features.dim(2) };
    for (int64_t t = first; t < first + count; ++t) {
        const int64_t source = std::min(t, features.dim(0) - 1); // past the end: the last, padded
        part.values.insert(part.values.end(), features.values.begin() + source * stepValues,
            features.values.begin() + (source + 1) * stepValues);
    }
    return part;
}

TEST(FeatureComparison, CallsIdenticalFeaturesTheSameProtocol)
{
    const FloatArray a = makeFeatures(1);
    const FeatureComparison r = compareFeatures(a, a);
    EXPECT_EQ(r.verdict, "same protocol");
    EXPECT_NEAR(r.meanCosine, 1.0, 1e-9);
    EXPECT_NEAR(r.minCosine, 1.0, 1e-9);
    EXPECT_NEAR(r.normRatio, 1.0, 1e-9);
    EXPECT_EQ(r.alignment.overlap, kSteps);
    ASSERT_EQ(r.cropCosine.size(), static_cast<size_t>(kCrops));
    ASSERT_EQ(r.stepCosine.size(), static_cast<size_t>(kSteps));
    for (int64_t c = 0; c < kCrops; ++c)
        EXPECT_EQ(r.cropOfB[static_cast<size_t>(c)], c);
}

TEST(FeatureComparison, FindsAConstantScaleFromTheNormRatio)
{
    const FloatArray a = makeFeatures(2);
    const FeatureComparison r = compareFeatures(a, scaled(a, 2.2f));
    EXPECT_EQ(r.verdict, "scale differs by x2.2: normalisation?");
    EXPECT_NEAR(r.normRatio, 2.2, 1e-5);
    EXPECT_NEAR(r.normRatioSpread, 0.0, 1e-5);
    EXPECT_NEAR(r.meanCosine, 1.0, 1e-6);
}

TEST(FeatureComparison, FindsCropsRotatedByFive)
{
    const FloatArray a = makeFeatures(3);
    const FeatureComparison r = compareFeatures(a, cropsRotated(a, 5));
    EXPECT_EQ(
        r.verdict, "crop order differs (B's crops 5..9 are A's 0..4, B's crops 0..4 are A's 5..9)");
    for (int64_t c = 0; c < kCrops; ++c)
        EXPECT_EQ(r.cropOfB[static_cast<size_t>(c)], (c + 5) % kCrops);
    // Measured with B's crops put back in A's order.
    EXPECT_NEAR(r.meanCosine, 1.0, 1e-9);
}

TEST(FeatureComparison, SaysWhichEndLostAStep)
{
    const FloatArray a = makeFeatures(4);
    const FeatureComparison lastDropped = compareFeatures(a, steps(a, 0, kSteps - 1));
    EXPECT_EQ(lastDropped.verdict, "one step shorter: last snippet dropped vs padded");
    EXPECT_EQ(lastDropped.alignment.overlap, kSteps - 1);
    EXPECT_EQ(lastDropped.alignment.firstStepA, 0);
    const FeatureComparison firstDropped = compareFeatures(a, steps(a, 1, kSteps - 1));
    EXPECT_EQ(firstDropped.verdict, "one step shorter: B lacks A's first snippet");
    EXPECT_EQ(firstDropped.alignment.firstStepA, 1);
    EXPECT_EQ(firstDropped.alignment.firstStepB, 0);
    EXPECT_NEAR(firstDropped.meanCosine, 1.0, 1e-9);
    const FeatureComparison padded = compareFeatures(a, steps(a, 0, kSteps + 1));
    EXPECT_EQ(padded.verdict, "one step longer: last snippet padded vs dropped");
    const FeatureComparison shorter = compareFeatures(a, steps(a, 0, kSteps - 3));
    EXPECT_EQ(shorter.verdict, "3 steps shorter, at the end");
}

TEST(FeatureComparison, GradesNoiseFromSameToDifferent)
{
    const FloatArray a = makeFeatures(5);
    EXPECT_EQ(compareFeatures(a, withNoise(a, 0.01f, 6)).verdict, "same protocol");
    const FeatureComparison close = compareFeatures(a, withNoise(a, 0.3f, 7));
    EXPECT_GT(close.meanCosine, 0.9);
    EXPECT_LT(close.meanCosine, 0.99);
    EXPECT_EQ(close.verdict.rfind("close features (cosine 0.9", 0), 0u) << close.verdict;
    const FeatureComparison other = compareFeatures(a, makeFeatures(8));
    EXPECT_LT(other.meanCosine, 0.9);
    EXPECT_EQ(other.verdict.rfind("different features (cosine 0.", 0), 0u) << other.verdict;
}

TEST(FeatureComparison, NamesTheOneStepThatDiffers)
{
    FloatArray a = makeFeatures(9, 40);
    FloatArray b = a;
    const FloatArray other = makeFeatures(10, 1);
    std::copy(other.values.begin(), other.values.end(), b.values.begin() + 17 * kCrops * kSize);
    const FeatureComparison r = compareFeatures(a, b);
    EXPECT_EQ(r.worstStepA, 17);
    EXPECT_EQ(r.verdict.rfind("step 17 of A differs (cosine 0.", 0), 0u) << r.verdict;
}

TEST(FeatureComparison, ReportsEveryChangeOfACombinedOne)
{
    const FloatArray a = makeFeatures(11);
    const FeatureComparison r
        = compareFeatures(a, steps(scaled(cropsRotated(a, 5), 0.5f), 0, kSteps - 1));
    EXPECT_EQ(r.verdict,
        "one step shorter: last snippet dropped vs padded; crop order differs (B's crops 5..9 "
        "are A's 0..4, B's crops 0..4 are A's 5..9); scale differs by x0.5: normalisation?");
}

TEST(FeatureComparison, ComparesCropMeansWhenTheCropCountsDiffer)
{
    const FloatArray a = makeFeatures(12);
    FloatArray mean = FloatArray::zeros({ kSteps, 1, kSize });
    for (int64_t t = 0; t < kSteps; ++t)
        for (int64_t c = 0; c < kCrops; ++c)
            for (int64_t k = 0; k < kSize; ++k)
                mean.values[static_cast<size_t>(t * kSize + k)]
                    += a.values[static_cast<size_t>((t * kCrops + c) * kSize + k)] / kCrops;
    const FeatureComparison r = compareFeatures(a, mean);
    EXPECT_EQ(r.verdict, "crop counts differ (A 10, B 1; crop means compared)");
    EXPECT_TRUE(r.cropOfB.empty());
    EXPECT_TRUE(r.cropCosine.empty());
    EXPECT_NEAR(r.meanCosine, 1.0, 1e-6);
}

TEST(FeatureComparison, SaysWhenThereIsNothingToCompareAndRefusesOtherRanks)
{
    const FloatArray a = makeFeatures(13);
    EXPECT_EQ(compareFeatures(a, FloatArray::zeros({ 4, 1, 32 })).verdict,
        "different feature sizes (A 64, B 32)");
    EXPECT_EQ(compareFeatures(a, FloatArray::zeros({ 0, 10, 64 })).verdict,
        "nothing to compare (A has 8 steps, B 0)");
    EXPECT_THROW(compareFeatures(a, FloatArray::zeros({ 4, 64 })), std::invalid_argument);
}

TEST(CropMatching, FindsTheBestTotalWhereGreedyChoiceFails)
{
    // Greedy takes (0, 0) = 0.9 first and is left with (1, 1) = 0.1.
    const std::vector<double> similarity = { 0.9, 0.8, 0.85, 0.1 };
    EXPECT_EQ(bestCropMatch(similarity, 2), (std::vector<int64_t> { 1, 0 }));
}

TEST(CropMatching, KeepsTheFileOrderOnTies)
{
    EXPECT_EQ(bestCropMatch(std::vector<double>(9, 0.5), 3), (std::vector<int64_t> { 0, 1, 2 }));
}

TEST(CropMatching, DescribesMovedCropsInRuns)
{
    EXPECT_EQ(describeCropOrder({ 0, 1, 2 }), "");
    EXPECT_EQ(describeCropOrder({ 1, 0, 2 }), "B's crop 1 is A's 0, B's crop 0 is A's 1");
    EXPECT_EQ(describeCropOrder({ 0, 3, 4, 1, 2 }),
        "B's crops 3..4 are A's 1..2, B's crops 1..2 are A's 3..4");
}

} // namespace
} // namespace vigil::eval
