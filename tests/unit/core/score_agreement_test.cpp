// The score side of `vigil features compare`: Pearson's r, and the same windows over the steps
// both arrays have, scored by a classifier whose window score is the mean of the first feature
// value over the window's steps (per crop), so every score is known.

#include "core/eval/score_agreement.h"

#include <gtest/gtest.h>

#include <cmath>

namespace vigil::eval {
namespace {

class MeanOfFirstValue : public analysis::WindowScorer {
public:
    analysis::WindowScore score(const FloatArray& window) const override
    {
        const int64_t crops = window.dim(0), steps = window.dim(1), size = window.dim(2);
        analysis::WindowScore result;
        result.attention = FloatArray::zeros({ crops, steps, 1 });
        for (int64_t c = 0; c < crops; ++c) {
            double sum = 0.0;
            for (int64_t t = 0; t < steps; ++t)
                sum += window.values[static_cast<size_t>((c * steps + t) * size)];
            result.cropScores.push_back(static_cast<float>(sum / static_cast<double>(steps)));
        }
        return result;
    }
    int64_t featureSize() const override { return 2; }
    int64_t attentionRows() const override { return 1; }
};

// [steps, 1, 2] whose first value is firstValue(t).
template <typename FirstValue> FloatArray features(int64_t steps, FirstValue firstValue)
{
    FloatArray array = FloatArray::zeros({ steps, 1, 2 });
    for (int64_t t = 0; t < steps; ++t)
        array.values[static_cast<size_t>(t * 2)] = firstValue(t);
    return array;
}

TEST(Pearson, IsOneForALinearRelationAndMinusOneForAFallingOne)
{
    EXPECT_NEAR(pearson({ 1, 2, 3, 4 }, { 3, 5, 7, 9 }), 1.0, 1e-12);
    EXPECT_NEAR(pearson({ 1, 2, 3, 4 }, { 4, 3, 2, 1 }), -1.0, 1e-12);
    EXPECT_NEAR(pearson({ 1, 2, 3 }, { 1, 3, 2 }), 0.5, 1e-12);
}

TEST(Pearson, IsNaNWhenEitherSeriesIsConstantOrTooShort)
{
    EXPECT_TRUE(std::isnan(pearson({ 1, 1, 1 }, { 1, 2, 3 })));
    EXPECT_TRUE(std::isnan(pearson({ 1 }, { 1 })));
}

TEST(ScoreAgreement, ScoresTheSameWindowsOfTheOverlappingSteps)
{
    const FloatArray a = features(9, [](int64_t t) { return static_cast<float>(t % 5); });
    // B lacks A's first step: its step t is A's step t + 1.
    const FloatArray b = features(8, [](int64_t t) { return static_cast<float>((t + 1) % 5); });
    const StepAlignment alignment { 1, 0, 8 };
    const ScoreAgreement agreement
        = compareScores(a, b, alignment, MeanOfFirstValue(), { 2, 2, 16 });
    EXPECT_EQ(agreement.windowScoresA.size(), 4u);
    EXPECT_EQ(agreement.windowScoresA, agreement.windowScoresB);
    EXPECT_EQ(agreement.frames, 8 * 16);
    EXPECT_NEAR(agreement.windowPearson, 1.0, 1e-9);
    EXPECT_NEAR(agreement.framePearson, 1.0, 1e-9);
}

TEST(ScoreAgreement, FollowsTheScoresOfChangedFeatures)
{
    const FloatArray a = features(6, [](int64_t t) { return static_cast<float>(t); });
    const FloatArray b = features(6, [](int64_t t) { return static_cast<float>(5 - t); });
    const ScoreAgreement agreement
        = compareScores(a, b, { 0, 0, 6 }, MeanOfFirstValue(), { 1, 1, 4 });
    EXPECT_NEAR(agreement.windowPearson, -1.0, 1e-9);
    EXPECT_NEAR(agreement.framePearson, -1.0, 1e-9);
}

} // namespace
} // namespace vigil::eval
