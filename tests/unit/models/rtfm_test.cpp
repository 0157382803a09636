// RTFM against PyTorch: the committed goldens of scripts/make_rtfm_golden.py (reduced widths, in
// the zip and legacy formats and with nn.DataParallel's "module." prefix), and full-size seeded
// checkpoints that the same script writes at test time (about 200 MB, never committed).

#include "core/common/error.h"
#include "models/model_factory.h"
#include "models/rtfm_detector.h"
#include "tests/support/formula_input.h"
#include "tests/support/rtfm_fixtures.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <thread>

namespace vigil::models {
namespace {

nlohmann::json readJson(const std::string& path)
{
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

std::string tinyPath(const std::string& name)
{
    return test::sourcePath("tests/data/rtfm/" + name);
}

RtfmOptions widthsOf(const nlohmann::json& goldens)
{
    const auto& widths = goldens["widths"];
    return { widths["features"], widths["branch"], widths["fc1"], widths["fc2"] };
}

using test::formulaInput;

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

void expectMatchesGoldens(const analysis::VideoDetector& detector, const nlohmann::json& goldens)
{
    const int64_t size = goldens["widths"]["features"];
    for (const auto& run : goldens["runs"]) {
        const int64_t crops = run["crops"];
        const int64_t steps = run["steps"];
        SCOPED_TRACE(std::to_string(crops) + " crops, " + std::to_string(steps) + " steps");
        const analysis::VideoScores result = detector.score(formulaInput(crops, steps, size));
        EXPECT_LE(worstError(result.scores, run["score"].get<std::vector<float>>()), 1e-5f);
        EXPECT_LE(worstError(result.magnitudes, run["magnitude"].get<std::vector<float>>()), 1e-5f);
        EXPECT_EQ(result.attention.shape, (std::vector<int64_t> { steps, steps }));
        EXPECT_LE(
            worstError(result.attention.values, run["attention"].get<std::vector<float>>()), 1e-5f);
    }
}

class TinyRtfm : public ::testing::TestWithParam<const char*> { };

TEST_P(TinyRtfm, MatchesPyTorchWithinOneMillionth)
{
    const auto goldens = readJson(tinyPath("goldens.json"));
    const engine::LoadedDetector loaded = loadRtfm(tinyPath(GetParam()), widthsOf(goldens));
    EXPECT_EQ(loaded.weights.provenance, Provenance::File);
    EXPECT_EQ(loaded.weights.sha256.size(), 64u);
    EXPECT_TRUE(loaded.ignoredKeys.empty());
    EXPECT_EQ(loaded.detector->featureSize(), 32);
    expectMatchesGoldens(*loaded.detector, goldens);
}

INSTANTIATE_TEST_SUITE_P(TorchFormats, TinyRtfm,
    ::testing::Values("tiny_rtfm.pth", "tiny_rtfm_legacy.pth", "tiny_rtfm_module.pth"));

class FullSizeRtfm : public ::testing::TestWithParam<const char*> { };

TEST_P(FullSizeRtfm, MatchesPyTorchWithinOneMillionth)
{
    const std::string dir = test::fullSizeRtfmDir();
    const LoadedDetector loaded = loadDetector(DetectorKind::Rtfm, dir + "/" + GetParam());
    EXPECT_EQ(loaded.detector->featureSize(), 2048);
    expectMatchesGoldens(*loaded.detector, readJson(dir + "/goldens.json"));
}

INSTANTIATE_TEST_SUITE_P(ZipWithPrefixAndLegacyWithout, FullSizeRtfm,
    ::testing::Values("rtfm-ucf-fixture.pth", "rtfm-ucf-fixture-legacy.pth"));

std::string refusal(const std::string& path)
{
    try {
        loadDetector(DetectorKind::Rtfm, path);
    } catch (const ModelError& error) {
        return error.what();
    }
    return "(accepted)";
}

TEST(Rtfm, RefusesAnotherArchitectureNamingTheFirstTensor)
{
    const std::string classifier = test::sourcePath("tests/data/classifier/tiny_classifier.pth");
    EXPECT_EQ(refusal(classifier), classifier + ": missing tensor 'Aggregate.conv_1.0.weight'");
    // The right names at other widths: the published network's shapes are required.
    const std::string tiny = tinyPath("tiny_rtfm_module.pth");
    EXPECT_EQ(refusal(tiny),
        tiny
            + ": tensor 'Aggregate.conv_1.0.weight' has shape [8, 32, 3], expected [512, 2048, 3]");
}

TEST(Rtfm, DemoWeightsScoreTenCropsOfAnyLength)
{
    const LoadedDetector first = loadDetector(DetectorKind::Rtfm, "");
    EXPECT_EQ(first.weights.provenance, Provenance::Demo);
    for (const int64_t steps : { 1, 2, 5 }) {
        const analysis::VideoScores scores = first.detector->score(formulaInput(10, steps, 2048));
        ASSERT_EQ(scores.scores.size(), static_cast<size_t>(steps));
        ASSERT_EQ(scores.magnitudes.size(), static_cast<size_t>(steps));
        for (const float score : scores.scores)
            EXPECT_TRUE(score >= 0.0f && score <= 1.0f) << score;
    }
    const LoadedDetector second = loadDetector(DetectorKind::Rtfm, "");
    const FloatArray input = formulaInput(10, 3, 2048);
    EXPECT_EQ(first.detector->score(input).scores, second.detector->score(input).scores);
}

TEST(Rtfm, RefusesFeaturesOfAnotherWidthInOneLine)
{
    const LoadedDetector loaded = loadDetector(DetectorKind::Rtfm, "");
    try {
        loaded.detector->score(formulaInput(10, 4, 1024));
        FAIL() << "1024-d features were scored";
    } catch (const ModelError& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("[10, 4, 1024]"), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
}

// One loaded detector, shared by threads that score at once (core/engine/engine.h).
TEST(Rtfm, ThreadsShareOneDetector)
{
    const auto goldens = readJson(tinyPath("goldens.json"));
    const engine::LoadedDetector loaded = loadRtfm(tinyPath("tiny_rtfm.pth"), widthsOf(goldens));
    const FloatArray input = formulaInput(10, 7, 32);
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
