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
    const auto top = analysis::topSteps(e, 0, 2);
    ASSERT_EQ(top.size(), 2u);
    EXPECT_EQ(top[0].first, 1);
    EXPECT_EQ(top[1].first, 2);
    EXPECT_EQ(analysis::topSteps(e, 1, 10).size(), 4u);
    EXPECT_EQ(analysis::topSteps(e, 1, 1).front().first, 0);
}

TEST(ClassifierExplainer, RejectsAWindowOfTheWrongFeatureSize)
{
    const LoadedClassifier classifier = loadClassifier("");
    EXPECT_THROW(classifier.explainer->explain(FloatArray::zeros({ 4, 100 })), ModelError);
    EXPECT_THROW(classifier.explainer->explain(FloatArray::zeros({ 0, 2048 })), ModelError);
}

} // namespace
} // namespace vigil::models
