// The step-by-step walkthrough of the classifier against its own forward pass, on a checkpoint in
// the format and shape of the paper's da128-r7 (generated at test time): same score, same
// attention, the shapes of PROTOCOL.md section 3.

#include "core/analysis/window_explanation.h"
#include "core/common/error.h"
#include "models/model_factory.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace vigil::models {
namespace {

FloatArray randomSequence(int64_t steps, uint32_t seed)
{
    std::mt19937 random(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    FloatArray sequence = FloatArray::zeros({ steps, 2048 });
    for (float& value : sequence.values)
        value = std::max(0.0f, normal(random));
    return sequence;
}

TEST(ClassifierExplainer, GivesTheForwardScoreAndAttentionWithEveryIntermediateShape)
{
    const LoadedClassifier classifier = loadClassifier(test::generatedCheckpoint(128, 7));
    for (int64_t steps : { 32, 5, 1 }) {
        SCOPED_TRACE("steps " + std::to_string(steps));
        const FloatArray sequence = randomSequence(steps, static_cast<uint32_t>(steps));
        const analysis::WindowExplanation e = classifier.explainer->explain(sequence);
        EXPECT_EQ(e.hiddenLinear.shape, (std::vector<int64_t> { steps, 128 }));
        EXPECT_EQ(e.hiddenTanh.shape, (std::vector<int64_t> { steps, 128 }));
        EXPECT_EQ(e.logits.shape, (std::vector<int64_t> { steps, 7 }));
        EXPECT_EQ(e.attention.shape, (std::vector<int64_t> { steps, 7 }));
        EXPECT_EQ(e.pooled.shape, (std::vector<int64_t> { 2048, 7 }));
        EXPECT_EQ(e.fc1.shape, (std::vector<int64_t> { 32 }));
        EXPECT_EQ(e.rowSimilarity.shape, (std::vector<int64_t> { 7, 7 }));

        FloatArray window = sequence;
        window.shape = { 1, steps, 2048 };
        const analysis::WindowScore forward = classifier.scorer->score(window);
        EXPECT_NEAR(e.score, forward.cropScores.at(0), 1e-6);
        EXPECT_NEAR(e.score, 1.0 / (1.0 + std::exp(-static_cast<double>(e.fc2))), 1e-6);
        ASSERT_EQ(forward.attention.size(), e.attention.size());
        for (int64_t i = 0; i < e.attention.size(); ++i)
            EXPECT_NEAR(e.attention.values[i], forward.attention.values[i], 1e-6);
        for (int64_t k = 0; k < e.rows; ++k) {
            double column = 0.0;
            for (int64_t t = 0; t < steps; ++t)
                column += e.attention.values[t * e.rows + k];
            EXPECT_NEAR(column, 1.0, 1e-5) << "row " << k;
        }
        // tanh really is applied, and M = xᵀA holds for one element.
        EXPECT_NEAR(e.hiddenTanh.values[0], std::tanh(e.hiddenLinear.values[0]), 1e-6);
        double pooled = 0.0;
        for (int64_t t = 0; t < steps; ++t)
            pooled += sequence.values[t * 2048 + 5] * e.attention.values[t * e.rows + 2];
        EXPECT_NEAR(e.pooled.values[5 * 7 + 2], pooled, 1e-4);
        // ||AᵀA - I||_F from the similarity matrix it reports.
        double squares = 0.0;
        for (int64_t i = 0; i < 7; ++i)
            for (int64_t j = 0; j < 7; ++j)
                squares += std::pow(e.rowSimilarity.values[i * 7 + j] - (i == j ? 1.0 : 0.0), 2);
        EXPECT_NEAR(e.redundancy, std::sqrt(squares), 1e-5);
    }
}

TEST(ClassifierExplainer, ListsTheHeaviestStepsOfARowFirst)
{
    analysis::WindowExplanation e;
    e.steps = 4;
    e.rows = 2;
    e.attention = FloatArray::zeros({ 4, 2 });
    e.attention.values = { 0.1f, 0.7f, 0.6f, 0.1f, 0.2f, 0.1f, 0.1f, 0.1f };
    const analysis::RowFocus top = analysis::rowFocus(e, 0, 2);
    ASSERT_EQ(top.groups.size(), 2u);
    EXPECT_EQ(top.groups[0].steps, (std::vector<int64_t> { 1 }));
    EXPECT_EQ(top.groups[1].steps, (std::vector<int64_t> { 2 }));
    EXPECT_FALSE(top.isUniform);
    // Row 1: 0.7 then three steps at 0.1, a tie kept whole even when one more step was asked for.
    const analysis::RowFocus second = analysis::rowFocus(e, 1, 2);
    ASSERT_EQ(second.groups.size(), 2u);
    EXPECT_EQ(second.groups[0].steps, (std::vector<int64_t> { 0 }));
    EXPECT_EQ(second.groups[1].steps, (std::vector<int64_t> { 1, 2, 3 }));
    EXPECT_FLOAT_EQ(second.groups[1].weight, 0.1f);
}

TEST(ClassifierExplainer, ShowsTiesAsTiesAndAUniformRowAsUniform)
{
    // A window whose steps all have the same features: every row's softmax is uniform, 1/T.
    const LoadedClassifier classifier = loadClassifier(test::generatedCheckpoint(64, 3));
    FloatArray same = FloatArray::zeros({ 8, 2048 });
    for (int64_t t = 0; t < 8; ++t)
        for (int64_t f = 0; f < 2048; ++f)
            same.values[static_cast<size_t>(t * 2048 + f)] = 0.001f * static_cast<float>(f % 97);
    const analysis::WindowExplanation e = classifier.explainer->explain(same);
    for (int64_t k = 0; k < e.rows; ++k) {
        SCOPED_TRACE(k);
        const analysis::RowFocus focus = analysis::rowFocus(e, k, 3);
        EXPECT_TRUE(focus.isUniform);
        ASSERT_EQ(focus.groups.size(), 1u);
        EXPECT_EQ(focus.groups[0].steps.size(), 8u);
        EXPECT_NEAR(focus.groups[0].weight, 1.0 / 8, 1e-6);
    }
    // Steps 3, 7 and 9 tie at the top, in time order; the rest are distinct.
    analysis::WindowExplanation tied;
    tied.steps = 10;
    tied.rows = 1;
    tied.attention = FloatArray::zeros({ 10, 1 });
    for (int64_t t = 0; t < 10; ++t)
        tied.attention.values[static_cast<size_t>(t)] = 0.01f * static_cast<float>(t);
    for (const int64_t t : { 9, 3, 7 })
        tied.attention.values[static_cast<size_t>(t)] = 0.2f;
    const analysis::RowFocus focus = analysis::rowFocus(tied, 0, 3);
    EXPECT_FALSE(focus.isUniform);
    ASSERT_EQ(focus.groups.size(), 1u);
    EXPECT_EQ(focus.groups[0].steps, (std::vector<int64_t> { 3, 7, 9 }));
}

TEST(ClassifierExplainer, WorksOutTheSoftmaxOfEachRowToTheNetworksAttention)
{
    const LoadedClassifier classifier = loadClassifier(test::generatedCheckpoint(128, 7));
    const FloatArray sequence = randomSequence(32, 11);
    const analysis::WindowExplanation e = classifier.explainer->explain(sequence);
    for (int64_t k = 0; k < e.rows; ++k) {
        SCOPED_TRACE(k);
        const analysis::SoftmaxWorkedOut worked = analysis::workOutSoftmax(e, k);
        ASSERT_EQ(worked.weights.size(), 32u);
        double sum = 0.0;
        for (int64_t t = 0; t < 32; ++t) {
            const auto i = static_cast<size_t>(t);
            EXPECT_EQ(worked.logits[i], e.logits.values[static_cast<size_t>(t * e.rows + k)]);
            EXPECT_NEAR(worked.exps[i], std::exp(worked.logits[i] - worked.shift), 1e-12);
            sum += worked.exps[i];
            // The network's own softmax (torch::softmax in float) to 1e-5.
            EXPECT_NEAR(
                worked.weights[i], e.attention.values[static_cast<size_t>(t * e.rows + k)], 1e-5);
        }
        EXPECT_NEAR(worked.sum, sum, 1e-9 * sum);
        EXPECT_LT(worked.largestDifference, 1e-5);
    }
}

TEST(ClassifierExplainer, WorksOutTheSoftmaxOfLargeLogitsWithoutOverflowing)
{
    analysis::WindowExplanation e;
    e.steps = 3;
    e.rows = 1;
    e.logits = FloatArray::zeros({ 3, 1 });
    e.logits.values = { 800.0f, 801.0f, 799.0f }; // exp(800) overflows a double
    e.attention = FloatArray::zeros({ 3, 1 });
    const double total = std::exp(-1.0) + 1.0 + std::exp(-2.0);
    e.attention.values = { static_cast<float>(std::exp(-1.0) / total),
        static_cast<float>(1.0 / total), static_cast<float>(std::exp(-2.0) / total) };
    const analysis::SoftmaxWorkedOut worked = analysis::workOutSoftmax(e, 0);
    EXPECT_DOUBLE_EQ(worked.shift, 801.0);
    EXPECT_DOUBLE_EQ(worked.exps[1], 1.0);
    EXPECT_NEAR(worked.sum, total, 1e-12);
    EXPECT_LT(worked.largestDifference, 1e-7);
}

TEST(ClassifierExplainer, RejectsAWindowOfTheWrongFeatureSize)
{
    const LoadedClassifier classifier = loadClassifier("");
    EXPECT_THROW(classifier.explainer->explain(FloatArray::zeros({ 4, 100 })), ModelError);
    EXPECT_THROW(classifier.explainer->explain(FloatArray::zeros({ 0, 2048 })), ModelError);
}

} // namespace
} // namespace vigil::models
