// The student's lesson (core/analysis/attention_lesson.h) on a real classifier in the shape of
// the paper's da64-r3 (generated at test time) and a ten-crop window: every number it shows
// against LibTorch's own computation of the same thing.

#include "core/analysis/attention_lesson.h"
#include "core/analysis/window_slices.h"
#include "models/model_factory.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <torch/torch.h>

#include <cmath>
#include <random>

namespace vigil::models {
namespace {

// [steps, crops, 2048], non-negative like I3D features after ReLU.
FloatArray randomFeatures(int64_t steps, int64_t crops, uint32_t seed)
{
    std::mt19937 random(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    FloatArray features = FloatArray::zeros({ steps, crops, 2048 });
    for (float& value : features.values)
        value = std::max(0.0f, normal(random));
    return features;
}

class AttentionLesson : public ::testing::Test {
protected:
    void SetUp() override
    {
        classifier_ = loadClassifier(test::generatedCheckpoint(64, 3));
        features_ = randomFeatures(40, 10, 7);
        span_ = { 4, 35 }; // 32 steps
        scores_
            = classifier_.scorer->score(analysis::windowOfAllCrops(features_, span_)).cropScores;
        for (float score : scores_)
            mean_ += score / static_cast<float>(scores_.size());
        input_ = analysis::gatherLessonInput(
            *classifier_.explainer, features_, span_, 2, scores_, mean_);
    }

    LoadedClassifier classifier_;
    FloatArray features_;
    analysis::WindowSpan span_;
    std::vector<float> scores_;
    float mean_ = 0.0f;
    analysis::LessonInput input_;
};

TEST_F(AttentionLesson, WalksThePapersForwardWithTheCropsAsTheBatch)
{
    const analysis::Lesson lesson = analysis::makeLesson(input_);
    std::vector<std::string> shapes;
    for (const analysis::CodeLine& line : lesson.code)
        shapes.push_back(line.shape);
    EXPECT_EQ(shapes,
        (std::vector<std::string> { "[10, 32, 2048]", "[10, 32, 64]", "[10, 32, 64]", "[10, 32, 3]",
            "[10, 32, 3]", "[10, 32, 3]", "[10, 2048, 32]", "[10, 2048, 3]", "[10, 6144]",
            "[10, 32]", "[10, 1]", "[10, 1]", "[10]", "[]" }));
    EXPECT_LT(lesson.largestCropDifference, 1e-5);
    EXPECT_NEAR(lesson.meanOverCrops, mean_, 1e-6);
    EXPECT_LT(lesson.windowScoreDifference, 1e-6);
    ASSERT_EQ(lesson.questions.size(), 8u);
    for (size_t i = 0; i < lesson.questions.size(); ++i) {
        EXPECT_EQ(lesson.questions[i].id, "q" + std::to_string(i + 1));
        EXPECT_FALSE(lesson.questions[i].paragraphs.empty());
    }
}

TEST_F(AttentionLesson, RedoesHiddenUnitZeroByHandWithTheSameRowOfW1)
{
    for (int64_t crop : { 0, 9 })
        for (int64_t step : { 0, 31 }) {
            const FloatArray x = analysis::windowOfCrop(features_, span_, crop);
            const analysis::WindowExplanation& e = input_.crops[static_cast<size_t>(crop)];
            EXPECT_NEAR(analysis::hiddenUnitByHand(input_.internals, x, step),
                e.hiddenLinear.values[static_cast<size_t>(step * 64)], 1e-4)
                << "crop " << crop << ", step " << step;
        }
}

TEST_F(AttentionLesson, ReadsTheLogitsAsLearnedQueriesDottedWithKeys)
{
    const analysis::WindowExplanation& e = input_.crops[2];
    const analysis::QueryKeyReading reading = analysis::readAsQueriesAndKeys(e, input_.internals);
    EXPECT_LT(reading.largestLogitDifference, 1e-4);
    EXPECT_LT(reading.largestBiasEffect, 1e-5); // b2 cancels over time
    // Scaled dot-product attention as LibTorch computes it on the same keys and queries.
    const torch::Tensor keys = torch::tensor(e.hiddenTanh.values).view({ 32, 64 });
    const torch::Tensor queries = torch::tensor(input_.internals.queries.values).view({ 3, 64 });
    const torch::Tensor expected = torch::softmax(torch::mm(keys, queries.t()) / 8.0, 0);
    for (int64_t i = 0; i < 32 * 3; ++i)
        EXPECT_NEAR(reading.scaledAttention.values[static_cast<size_t>(i)],
            expected.flatten()[i].item<float>(), 1e-5);
    for (size_t k = 0; k < 3; ++k) {
        EXPECT_GE(reading.effectiveSteps[k], 1.0);
        EXPECT_LE(reading.effectiveSteps[k], 32.0 + 1e-9);
    }
}

TEST_F(AttentionLesson, BoundsEveryLogitSpreadByTwiceTheL1NormOfW2)
{
    const analysis::TanhEffect effect = analysis::tanhEffect(input_.crops[2], input_.internals);
    ASSERT_EQ(effect.logitSpread.size(), 3u);
    for (size_t k = 0; k < 3; ++k) {
        EXPECT_GT(effect.logitSpread[k], 0.0);
        EXPECT_LE(effect.logitSpread[k], effect.logitBound[k]);
    }
}

TEST_F(AttentionLesson, DropoutTrialsZeroWeightsAndScaleTheKeptOnesAsNnDropout)
{
    const analysis::DropoutTrials& trials = input_.dropout;
    const analysis::WindowExplanation& e = input_.crops[2];
    ASSERT_EQ(trials.firstAttention.values.size(), e.attention.values.size());
    int64_t zeroed = 0;
    for (size_t i = 0; i < e.attention.values.size(); ++i) {
        const float dropped = trials.firstAttention.values[i];
        if (dropped == 0.0f)
            ++zeroed;
        else
            EXPECT_NEAR(dropped, e.attention.values[i] / 0.7f, 1e-6);
    }
    EXPECT_GT(zeroed, 0);
    ASSERT_EQ(trials.scores.size(), static_cast<size_t>(analysis::kLessonDropoutTrials));
    // Each heaviest step is dropped with probability p = 0.3: 1000 trials, 5 sigma is 0.072.
    for (const int64_t dropped : trials.heaviestDropped)
        EXPECT_NEAR(static_cast<double>(dropped) / 1000.0, 0.3, 0.072);
    const analysis::DropoutTrials again = classifier_.explainer->dropoutTrials(
        analysis::windowOfCrop(features_, span_, 2), analysis::kLessonDropoutSeed, 1000);
    EXPECT_EQ(again.scores, trials.scores); // one seed, one set of masks
    const analysis::DropoutSummary summary = analysis::summariseDropout(trials, 0.3);
    EXPECT_NEAR(summary.keptScale, 1.0 / 0.7, 1e-12);
    EXPECT_LE(summary.lowestScore, summary.meanScore);
    EXPECT_GE(summary.highestScore, summary.meanScore);
}

} // namespace
} // namespace vigil::models
