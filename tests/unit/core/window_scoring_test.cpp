#include "core/analysis/video_analysis.h"
#include "core/analysis/window_scoring.h"

#include <gtest/gtest.h>

#include <numeric>

namespace vigil::analysis {
namespace {

// Scores each crop sequence by the mean of its first feature; attention is uniform except that
// row 0 puts all its weight on the first step. Records the windows it saw.
class FakeScorer : public WindowScorer {
public:
    WindowScore score(const FloatArray& window) const override
    {
        seenShapes.push_back(window.shape);
        const int64_t crops = window.dim(0), steps = window.dim(1), size = window.dim(2);
        WindowScore result;
        result.attention = FloatArray::zeros({ crops, steps, 2 });
        for (int64_t c = 0; c < crops; ++c) {
            double sum = 0.0;
            for (int64_t t = 0; t < steps; ++t) {
                sum += window.values[static_cast<size_t>((c * steps + t) * size)];
                result.attention.values[static_cast<size_t>((c * steps + t) * 2 + 0)]
                    = t == 0 ? 1.0f : 0.0f;
                result.attention.values[static_cast<size_t>((c * steps + t) * 2 + 1)]
                    = 1.0f / steps;
            }
            result.cropScores.push_back(static_cast<float>(sum / steps));
        }
        return result;
    }
    int64_t featureSize() const override { return 3; }
    int64_t attentionRows() const override { return 2; }
    mutable std::vector<std::vector<int64_t>> seenShapes; // recorded by the const score()
};

// [steps, crops, 3] where feature 0 of step t, crop c is t + 10 * c.
FloatArray makeFeatures(int64_t steps, int64_t crops)
{
    FloatArray features = FloatArray::zeros({ steps, crops, 3 });
    for (int64_t t = 0; t < steps; ++t)
        for (int64_t c = 0; c < crops; ++c)
            features.values[static_cast<size_t>((t * crops + c) * 3)]
                = static_cast<float>(t + 10 * c);
    return features;
}

TEST(ScoreWindows, AveragesCropScoresAndAttention)
{
    FakeScorer scorer;
    const auto windows = scoreWindows(makeFeatures(6, 2), scorer, { 4, 4 });
    ASSERT_EQ(windows.size(), 2u);
    EXPECT_EQ(scorer.seenShapes[0], (std::vector<int64_t> { 2, 4, 3 }));
    EXPECT_EQ(scorer.seenShapes[1], (std::vector<int64_t> { 2, 2, 3 }));
    // Window 0: crop 0 mean of 0..3 = 1.5, crop 1 = 11.5 -> 6.5.
    EXPECT_FLOAT_EQ(windows[0].score, 6.5f);
    EXPECT_EQ(windows[0].cropScores, (std::vector<float> { 1.5f, 11.5f }));
    ASSERT_EQ(windows[1].attention.shape, (std::vector<int64_t> { 2, 2 }));
    EXPECT_FLOAT_EQ(windows[1].attention.values[0], 1.0f);
    EXPECT_FLOAT_EQ(windows[1].attention.values[2], 0.5f);
}

TEST(ScoreFeatures, MapsWindowsToFramesOfSixteen)
{
    FakeScorer scorer;
    const AnalysisResult result = scoreFeatures(
        makeFeatures(3, 1), "f.npy", scorer, {}, { 2, 2 }, FeatureTiming { 16, 0, 0.0 });
    ASSERT_EQ(result.windows.size(), 2u);
    EXPECT_EQ(result.windows[0].firstFrame, 0);
    EXPECT_EQ(result.windows[0].lastFrame, 31);
    EXPECT_EQ(result.windows[1].firstFrame, 32);
    EXPECT_EQ(result.windows[1].lastFrame, 47);
    ASSERT_EQ(result.frameScores.size(), 48u);
    EXPECT_FLOAT_EQ(result.frameScores[31], 0.5f);
    EXPECT_FLOAT_EQ(result.frameScores[32], 2.0f);
    EXPECT_FALSE(result.video.isKnown);
}

TEST(ScoreFeatures, RejectsFeaturesOfTheWrongSize)
{
    FakeScorer scorer;
    FloatArray wrong = FloatArray::zeros({ 4, 1, 5 });
    EXPECT_THROW(
        scoreFeatures(wrong, "f.npy", scorer, {}, { 2, 2 }, FeatureTiming { 16, 0, 0.0 }), Error);
}

} // namespace
} // namespace vigil::analysis
