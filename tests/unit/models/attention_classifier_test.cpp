// The classifier against PyTorch: goldens made by scripts/make_classifier_goldens.py for the
// published checkpoints and the tiny fixture, and by scripts/make_checkpoint_fixtures.py (at test
// time) for the checkpoints it generates in the published format.

#include "models/model_factory.h"
#include "tests/support/formula_input.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

namespace vigil::models {
namespace {

nlohmann::json loadGoldens(
    const std::string& path = test::sourcePath("tests/data/classifier/goldens.json"))
{
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

using test::formulaInput;

void expectMatchesGolden(
    const analysis::WindowScorer& scorer, const nlohmann::json& golden, int64_t size)
{
    const int64_t batch = golden["batch"];
    const int64_t steps = golden["steps"];
    SCOPED_TRACE("steps " + std::to_string(steps));
    const analysis::WindowScore result = scorer.score(formulaInput(batch, steps, size));
    const auto scores = golden["score"].get<std::vector<float>>();
    const auto attention = golden["attention"].get<std::vector<float>>();
    ASSERT_EQ(result.cropScores.size(), scores.size());
    for (size_t i = 0; i < scores.size(); ++i)
        EXPECT_NEAR(result.cropScores[i], scores[i], 1e-5) << "score " << i;
    ASSERT_EQ(
        result.attention.shape, (std::vector<int64_t> { batch, steps, scorer.attentionRows() }));
    float worst = 0.0f;
    for (size_t i = 0; i < attention.size(); ++i)
        worst = std::max(worst, std::abs(result.attention.values[i] - attention[i]));
    EXPECT_LE(worst, 1e-5f);
}

class GeneratedClassifier : public ::testing::TestWithParam<std::pair<int, int>> { };

// The paper's shapes in the published format, with seeded weights: what the golden numbers of
// the published weights check, minus the weights themselves.
TEST_P(GeneratedClassifier, MatchesPyTorchWithinOneMillionth)
{
    const std::string path = test::generatedCheckpoint(GetParam().first, GetParam().second);
    LoadedClassifier classifier = loadClassifier(path);
    EXPECT_EQ(classifier.weights.provenance, Provenance::File);
    EXPECT_EQ(classifier.weights.sha256.size(), 64u);
    EXPECT_EQ(classifier.hiddenSize, GetParam().first);
    EXPECT_EQ(classifier.rows, GetParam().second);
    const auto goldens = loadGoldens(test::generatedCheckpointGoldens());
    const std::string file = std::filesystem::path(path).filename().string();
    ASSERT_TRUE(goldens.contains(file)) << file;
    for (const auto& golden : goldens[file])
        expectMatchesGolden(*classifier.scorer, golden, 2048);
}

INSTANTIATE_TEST_SUITE_P(PaperShapes, GeneratedClassifier,
    ::testing::Values(std::make_pair(64, 3), std::make_pair(128, 7)));

class PublishedClassifier : public ::testing::TestWithParam<std::string> { };

TEST_P(PublishedClassifier, MatchesPyTorchWithinOneMillionth)
{
    const std::string path = test::referenceCheckpoint(GetParam());
    if (const std::string why = test::publishedSkipReason(path); !why.empty())
        GTEST_SKIP() << why;
    LoadedClassifier classifier = loadClassifier(path);
    EXPECT_EQ(classifier.weights.provenance, Provenance::File);
    EXPECT_EQ(classifier.weights.sha256.size(), 64u);
    for (const auto& golden : loadGoldens()["published"][GetParam()])
        expectMatchesGolden(*classifier.scorer, golden, 2048);
}

INSTANTIATE_TEST_SUITE_P(Paper, PublishedClassifier,
    ::testing::Values(
        "SelfAttention-da64-r3-T32-seed9111.pth", "SelfAttention-da128-r7-T32-seed9111.pth"));

TEST(AttentionClassifier, ReadsItsShapeFromTheCheckpoint)
{
    const LoadedClassifier classifier = loadClassifier(test::generatedCheckpoint(128, 7));
    EXPECT_EQ(classifier.hiddenSize, 128);
    EXPECT_EQ(classifier.rows, 7);
    EXPECT_EQ(classifier.scorer->attentionRows(), 7);
}

TEST(AttentionClassifier, TinyFixtureMatchesPyTorch)
{
    LoadedClassifier classifier
        = loadClassifier(test::sourcePath("tests/data/classifier/tiny_classifier.pth"));
    EXPECT_EQ(classifier.hiddenSize, 4);
    EXPECT_EQ(classifier.rows, 2);
    for (const auto& golden : loadGoldens()["tiny"])
        expectMatchesGolden(*classifier.scorer, golden, 16);
}

TEST(AttentionClassifier, DemoWeightsHaveThePaperShapeAndRowsSumToOne)
{
    LoadedClassifier classifier = loadClassifier("");
    EXPECT_EQ(classifier.weights.provenance, Provenance::Demo);
    EXPECT_EQ(classifier.hiddenSize, 64);
    EXPECT_EQ(classifier.rows, 3);
    const analysis::WindowScore result = classifier.scorer->score(formulaInput(2, 9, 2048));
    for (int64_t b = 0; b < 2; ++b)
        for (int64_t k = 0; k < 3; ++k) {
            double sum = 0.0;
            for (int64_t t = 0; t < 9; ++t)
                sum += result.attention.values[static_cast<size_t>((b * 9 + t) * 3 + k)];
            EXPECT_NEAR(sum, 1.0, 1e-5);
        }
}

TEST(AttentionClassifier, DemoWeightsAreTheSameEveryTime)
{
    const FloatArray input = formulaInput(1, 4, 2048);
    const float first = loadClassifier("").scorer->score(input).cropScores.at(0);
    const float second = loadClassifier("").scorer->score(input).cropScores.at(0);
    EXPECT_EQ(first, second);
}

} // namespace
} // namespace vigil::models
