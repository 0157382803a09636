// MGFN against PyTorch: the committed goldens of scripts/make_mgfn_golden.py (reduced widths, in
// the zip and legacy formats and with nn.DataParallel's "module." prefix), and a full-size
// seeded checkpoint that the same script writes at test time (about 115 MB, never committed),
// also scored over 1024 steps at once.

#include "core/common/error.h"
#include "models/mgfn_detector.h"
#include "models/model_factory.h"
#include "tests/support/formula_input.h"
#include "tests/support/mgfn_fixtures.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <thread>

namespace vigil::models {
namespace {

using test::formulaInput;

nlohmann::json readJson(const std::string& path)
{
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

std::string tinyPath(const std::string& name)
{
    return test::sourcePath("tests/data/mgfn/" + name);
}

MgfnOptions widthsOf(const nlohmann::json& goldens)
{
    const auto& widths = goldens["widths"];
    MgfnOptions options;
    options.featureSize = widths["features"];
    options.dims = widths["dims"].get<std::vector<int64_t>>();
    options.depths = widths["depths"].get<std::vector<int64_t>>();
    options.blocks.clear();
    for (const auto& block : widths["blocks"])
        options.blocks.push_back(block == "glance" ? MgfnBlock::Glance : MgfnBlock::Focus);
    options.dimHead = widths["dim_head"];
    return options;
}

// Largest difference relative to max(1, |expected|): magnitudes are norms in the tens.
float worstError(const std::vector<float>& actual, const std::vector<float>& expected)
{
    EXPECT_EQ(actual.size(), expected.size());
    float worst = 0.0f;
    for (size_t i = 0; i < std::min(actual.size(), expected.size()); ++i)
        worst = std::max(
            worst, std::abs(actual[i] - expected[i]) / std::max(1.0f, std::abs(expected[i])));
    return worst;
}

// Runs with "attention" compare all of it; the long run keeps its first row ("attention_row0").
void expectMatches(const analysis::VideoDetector& detector, const nlohmann::json& run, int64_t size)
{
    const int64_t crops = run["crops"];
    const int64_t steps = run["steps"];
    SCOPED_TRACE(std::to_string(crops) + " crops, " + std::to_string(steps) + " steps");
    const analysis::VideoScores result = detector.score(formulaInput(crops, steps, size));
    EXPECT_LE(worstError(result.scores, run["score"].get<std::vector<float>>()), 1e-5f);
    EXPECT_LE(worstError(result.magnitudes, run["magnitude"].get<std::vector<float>>()), 1e-5f);
    ASSERT_EQ(result.attention.shape, (std::vector<int64_t> { steps, steps }));
    std::vector<float> attention = result.attention.values;
    const bool isWhole = run.contains("attention");
    if (!isWhole)
        attention.resize(static_cast<size_t>(steps));
    const auto& expected = isWhole ? run["attention"] : run["attention_row0"];
    EXPECT_LE(worstError(attention, expected.get<std::vector<float>>()), 1e-5f);
}

void expectMatchesGoldens(const analysis::VideoDetector& detector, const nlohmann::json& goldens)
{
    for (const auto& run : goldens["runs"])
        if (run.contains("attention"))
            expectMatches(detector, run, goldens["widths"]["features"]);
}

class TinyMgfn : public ::testing::TestWithParam<const char*> { };

TEST_P(TinyMgfn, MatchesPyTorchWithinOneMillionth)
{
    const auto goldens = readJson(tinyPath("goldens.json"));
    const engine::LoadedDetector loaded = loadMgfn(tinyPath(GetParam()), widthsOf(goldens));
    EXPECT_EQ(loaded.weights.provenance, Provenance::File);
    EXPECT_EQ(loaded.weights.sha256.size(), 64u);
    EXPECT_TRUE(loaded.ignoredKeys.empty());
    EXPECT_EQ(loaded.detector->featureSize(), 8);
    expectMatchesGoldens(*loaded.detector, goldens);
}

INSTANTIATE_TEST_SUITE_P(TorchFormats, TinyMgfn,
    ::testing::Values("tiny_mgfn.pth", "tiny_mgfn_legacy.pth", "tiny_mgfn_module.pth"));

TEST(FullSizeMgfn, MatchesPyTorchWithinOneMillionth)
{
    const std::string dir = test::fullSizeMgfnDir();
    const LoadedDetector loaded = loadDetector(DetectorKind::Mgfn, dir + "/mgfn-ucf-fixture.pth");
    EXPECT_TRUE(loaded.ignoredKeys.empty());
    EXPECT_EQ(loaded.detector->featureSize(), 2048);
    expectMatchesGoldens(*loaded.detector, readJson(dir + "/goldens.json"));
}

// The glance attention is T x T: one span of 1024 steps at once, as PyTorch scores it.
TEST(FullSizeMgfn, ScoresAThousandStepsAtOnce)
{
    const std::string dir = test::fullSizeMgfnDir();
    const LoadedDetector loaded = loadDetector(DetectorKind::Mgfn, dir + "/mgfn-ucf-fixture.pth");
    const auto goldens = readJson(dir + "/goldens.json");
    const auto& runs = goldens["runs"];
    const auto longRun = std::find_if(runs.begin(), runs.end(),
        [](const nlohmann::json& run) { return run.contains("attention_row0"); });
    ASSERT_NE(longRun, runs.end());
    EXPECT_EQ((*longRun)["steps"], 1024);
    expectMatches(*loaded.detector, *longRun, 2048);
}

std::string refusal(const std::string& path)
{
    try {
        loadDetector(DetectorKind::Mgfn, path);
    } catch (const ModelError& error) {
        return error.what();
    }
    return "(accepted)";
}

TEST(Mgfn, RefusesAnotherArchitectureNamingTheFirstTensor)
{
    const std::string rtfm = test::sourcePath("tests/data/rtfm/tiny_rtfm.pth");
    EXPECT_EQ(refusal(rtfm), rtfm + ": missing tensor 'to_tokens.weight'");
    // The right names at other widths: the published network's shapes are required.
    const std::string tiny = tinyPath("tiny_mgfn_module.pth");
    EXPECT_EQ(refusal(tiny),
        tiny + ": tensor 'to_tokens.weight' has shape [4, 8, 3], expected [64, 2048, 3]");
}

TEST(Mgfn, DemoWeightsScoreTenCropsOfAnyLength)
{
    const LoadedDetector first = loadDetector(DetectorKind::Mgfn, "");
    EXPECT_EQ(first.weights.provenance, Provenance::Demo);
    for (const int64_t steps : { 1, 2, 5 }) {
        const analysis::VideoScores scores = first.detector->score(formulaInput(10, steps, 2048));
        ASSERT_EQ(scores.scores.size(), static_cast<size_t>(steps));
        ASSERT_EQ(scores.magnitudes.size(), static_cast<size_t>(steps));
        ASSERT_EQ(scores.attention.shape, (std::vector<int64_t> { steps, steps }));
        for (const float score : scores.scores)
            EXPECT_TRUE(score >= 0.0f && score <= 1.0f) << score;
        // Each row is a softmax, averaged over heads and crops.
        for (int64_t row = 0; row < steps; ++row) {
            float sum = 0.0f;
            for (int64_t column = 0; column < steps; ++column)
                sum += scores.attention.values[static_cast<size_t>(row * steps + column)];
            EXPECT_NEAR(sum, 1.0f, 1e-5f);
        }
    }
    const LoadedDetector second = loadDetector(DetectorKind::Mgfn, "");
    const FloatArray input = formulaInput(10, 3, 2048);
    EXPECT_EQ(first.detector->score(input).scores, second.detector->score(input).scores);
}

TEST(Mgfn, RefusesFeaturesOfAnotherWidthInOneLine)
{
    const auto goldens = readJson(tinyPath("goldens.json"));
    const engine::LoadedDetector loaded = loadMgfn(tinyPath("tiny_mgfn.pth"), widthsOf(goldens));
    // 9 would be the features with MGFN's magnitude channel already appended: Vigil adds it.
    try {
        loaded.detector->score(formulaInput(10, 4, 9));
        FAIL() << "9-d features were scored";
    } catch (const ModelError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("[10, 4, 9]"), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
}

// One loaded detector, shared by threads that score at once (core/engine/engine.h).
TEST(Mgfn, ThreadsShareOneDetector)
{
    const auto goldens = readJson(tinyPath("goldens.json"));
    const engine::LoadedDetector loaded = loadMgfn(tinyPath("tiny_mgfn.pth"), widthsOf(goldens));
    const FloatArray input = formulaInput(10, 7, 8);
    const std::vector<float> alone = loaded.detector->score(input).scores;
    std::vector<std::vector<float>> together(4);
    std::vector<std::thread> threads;
    for (auto& result : together)
        threads.emplace_back([&] {
            for (int i = 0; i < 20; ++i)
                result = loaded.detector->score(input).scores;
        });
    for (auto& thread : threads)
        thread.join();
    for (const auto& result : together)
        EXPECT_EQ(result, alone);
}

} // namespace
} // namespace vigil::models
