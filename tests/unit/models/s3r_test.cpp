// S3R against PyTorch: the committed goldens of scripts/make_s3r_golden.py (reduced width, in
// the zip and legacy formats and with nn.DataParallel's "module." prefix in a .pkl), and a
// full-size seeded checkpoint and dictionary that the same script writes at test time.

#include "core/common/error.h"
#include "core/files/npy_file.h"
#include "models/model_factory.h"
#include "models/s3r_detector.h"
#include "tests/support/detector_goldens.h"
#include "tests/support/json_file.h"
#include "tests/support/s3r_fixtures.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <thread>

namespace vigil::models {
namespace {

using test::formulaInput;
using test::readJson;

std::string tinyPath(const std::string& name)
{
    return test::sourcePath("tests/data/s3r/" + name);
}

S3rOptions tinyOptions()
{
    S3rOptions options;
    options.featureSize = readJson(tinyPath("goldens.json"))["widths"]["features"];
    return options;
}

engine::LoadedDetector loadTiny(const std::string& weights = "tiny_s3r.pth")
{
    return loadS3r(tinyPath(weights), tinyPath("tiny_dictionary.npy"), tinyOptions());
}

class TinyS3r : public ::testing::TestWithParam<const char*> { };

TEST_P(TinyS3r, MatchesPyTorchWithinOneMillionth)
{
    const engine::LoadedDetector loaded = loadTiny(GetParam());
    EXPECT_EQ(loaded.weights.provenance, Provenance::File);
    EXPECT_EQ(loaded.weights.sha256.size(), 64u);
    // The projections and the macro classifier are in the file but dropped, not reported.
    EXPECT_TRUE(loaded.ignoredKeys.empty());
    ASSERT_NE(loaded.detector, nullptr);
    EXPECT_EQ(loaded.detector->featureSize(), 32);
    test::expectMatchesGoldens(*loaded.detector, readJson(tinyPath("goldens.json")), 1e-5f);
}

INSTANTIATE_TEST_SUITE_P(TorchFormats, TinyS3r,
    ::testing::Values("tiny_s3r.pth", "tiny_s3r_legacy.pth", "tiny_s3r_module.pkl"));

TEST(FullSizeS3r, MatchesPyTorchWithinOneMillionth)
{
    const std::string dir = test::fullSizeS3rDir();
    const LoadedDetector loaded = loadDetector(
        DetectorKind::S3r, dir + "/s3r-ucf-fixture.pth", dir + "/s3r-ucf-dictionary-fixture.npy");
    EXPECT_TRUE(loaded.ignoredKeys.empty());
    EXPECT_EQ(loaded.detector->featureSize(), 2048);
    test::expectMatchesGoldens(*loaded.detector, readJson(dir + "/goldens.json"), 1e-5f);
}

std::string refusal(const std::string& weights, const std::string& dictionary)
{
    try {
        loadDetector(DetectorKind::S3r, weights, dictionary);
    } catch (const ModelError& error) {
        return error.what();
    }
    return "(accepted)";
}

TEST(S3r, RefusesAnotherArchitectureNamingTheFirstTensor)
{
    const std::string rtfm = test::sourcePath("tests/data/rtfm/tiny_rtfm.pth");
    EXPECT_EQ(refusal(rtfm, ""),
        rtfm + ": missing tensor 'en_normal.en_normal_module.query_embedding.weight'");
    // The right names at another width: the published network's shapes are required.
    const std::string tiny = tinyPath("tiny_s3r_module.pkl");
    EXPECT_EQ(refusal(tiny, ""),
        tiny
            + ": tensor 'en_normal.en_normal_module.query_embedding.weight' has shape [8, 32], "
              "expected [512, 2048]");
}

TEST(S3r, RefusesADictionaryOfAnotherWidthOrShape)
{
    const std::string dictionary = tinyPath("tiny_dictionary.npy");
    EXPECT_EQ(refusal("", dictionary),
        dictionary + ": an S3R dictionary is [atoms, 2048], this one is [5, 32]");
    const std::string flat = test::scratchDir("s3r-dictionary") + "/flat.npy";
    files::writeNpy(flat, FloatArray::zeros({ 2048 }));
    EXPECT_EQ(refusal("", flat), flat + ": an S3R dictionary is [atoms, 2048], this one is [2048]");
    const std::string notNpy = test::sourcePath("tests/data/s3r/tiny_s3r.pth");
    EXPECT_EQ(refusal("", notNpy).rfind(notNpy + ": not an S3R dictionary (", 0), 0u)
        << refusal("", notNpy);
}

// Either file alone is what an import checks: it gives no detector, since S3R needs both.
TEST(S3r, ChecksWeightsOrDictionaryAloneWithoutADetector)
{
    const S3rOptions options = tinyOptions();
    EXPECT_EQ(loadS3r(tinyPath("tiny_s3r.pth"), "", options).detector, nullptr);
    EXPECT_EQ(loadS3r("", tinyPath("tiny_dictionary.npy"), options).detector, nullptr);
}

TEST(S3r, DemoWeightsScoreTenCropsOfAnyLength)
{
    const LoadedDetector first = loadDetector(DetectorKind::S3r, "");
    EXPECT_EQ(first.weights.provenance, Provenance::Demo);
    for (const int64_t steps : { 1, 2, 5 }) {
        const analysis::VideoScores scores = first.detector->score(formulaInput(10, steps, 2048));
        ASSERT_EQ(scores.scores.size(), static_cast<size_t>(steps));
        ASSERT_EQ(scores.magnitudes.size(), static_cast<size_t>(steps));
        ASSERT_EQ(scores.attention.shape, (std::vector<int64_t> { steps, steps }));
        for (const float score : scores.scores)
            EXPECT_TRUE(score >= 0.0f && score <= 1.0f) << score;
    }
    const LoadedDetector second = loadDetector(DetectorKind::S3r, "");
    const FloatArray input = formulaInput(10, 3, 2048);
    EXPECT_EQ(first.detector->score(input).scores, second.detector->score(input).scores);
}

TEST(S3r, RefusesFeaturesOfAnotherWidthInOneLine)
{
    const engine::LoadedDetector loaded = loadTiny();
    try {
        loaded.detector->score(formulaInput(10, 4, 31));
        FAIL() << "31-d features were scored";
    } catch (const ModelError& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.rfind("S3R failed on features [10, 4, 31]: ", 0), 0u) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
}

// One loaded detector, shared by threads that score at once (core/engine/engine.h).
TEST(S3r, ThreadsShareOneDetector)
{
    const engine::LoadedDetector loaded = loadTiny();
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
