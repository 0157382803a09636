// PEL4VAD against PyTorch: the committed goldens of scripts/make_pel4vad_golden.py (reduced
// widths, UCF-Crime's and XD-Violence's settings; a zip file and the same weights saved from
// "cuda:0", as the released checkpoints are), the smoothing of its infer.py, and full-size seeded
// checkpoints with the released files' keys and shapes, loaded through the detector table, whose
// settings the loader reads off the classifier's kernel.

#include "core/analysis/detector_table.h"
#include "models/model_factory.h"
#include "models/pel4vad_detector.h"
#include "tests/support/detector_goldens.h"
#include "tests/support/json_file.h"
#include "tests/support/python_fixtures.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

namespace vigil::models {
namespace {

using test::readJson;

std::string tinyPath(const std::string& name)
{
    return test::sourcePath("tests/data/pel4vad/" + name);
}

Pel4vadOptions widthsOf(const nlohmann::json& goldens, bool isXd)
{
    const auto& widths = goldens["widths"];
    Pel4vadOptions options = isXd ? pel4vadXdOptions() : Pel4vadOptions {};
    options.featureSize = widths["features"];
    options.hiddenSize = widths["hid_dim"];
    options.outSize = widths["out_dim"];
    options.window = widths["win_size"];
    options.classifierSteps = widths["t_step"];
    options.isNormalised = widths["norm"];
    return options;
}

void expectMatchesGoldens(
    const analysis::VideoDetector& detector, const nlohmann::json& goldens, bool isXd)
{
    for (const auto& run : goldens["runs"])
        test::expectRunMatches(detector, run, goldens["widths"]["features"],
            isXd ? "smoothed_xd" : "smoothed_ucf", 1e-5f);
}

struct TinyFile {
    const char* weights;
    const char* goldens;
    bool isXd;
};

class TinyPel4vad : public ::testing::TestWithParam<TinyFile> { };

TEST_P(TinyPel4vad, MatchesPyTorchAndItsSmoothingWithinOneHundredThousandth)
{
    const auto goldens = readJson(tinyPath(GetParam().goldens));
    const engine::LoadedDetector loaded
        = loadPel4vad(tinyPath(GetParam().weights), widthsOf(goldens, GetParam().isXd));
    EXPECT_EQ(loaded.weights.provenance, Provenance::File);
    EXPECT_TRUE(loaded.ignoredKeys.empty());
    expectMatchesGoldens(*loaded.detector, goldens, GetParam().isXd);
}

INSTANTIATE_TEST_SUITE_P(TorchFormats, TinyPel4vad,
    ::testing::Values(TinyFile { "tiny_pel4vad.pth", "goldens.json", false },
        TinyFile { "tiny_pel4vad_cuda.pth", "goldens.json", false },
        TinyFile { "tiny_pel4vad_xd.pth", "goldens_xd.json", true }));

// test.py's scores (the per-epoch test, before infer.py's smoothing) are the network's own.
TEST(Pel4vad, WithoutTheSmoothingGivesTestPysScores)
{
    const auto goldens = readJson(tinyPath("goldens.json"));
    Pel4vadOptions options = widthsOf(goldens, false);
    options.smoothing = { Pel4vadSmoothingMode::None, 0 };
    const engine::LoadedDetector loaded = loadPel4vad(tinyPath("tiny_pel4vad.pth"), options);
    for (const auto& run : goldens["runs"])
        test::expectRunMatches(
            *loaded.detector, run, goldens["widths"]["features"], "score", 1e-5f);
}

TEST(Pel4vad, SmoothsAsInferPyDoesDividingByTheWholeWindowAtTheEnd)
{
    const std::vector<float> scores { 1.0f, 0.0f, 1.0f, 1.0f, 0.0f };
    // slide 3: each step with the two after it, zeros past the end.
    const std::vector<float> slide
        = smoothPel4vadScores(scores, { Pel4vadSmoothingMode::Slide, 3 });
    const std::vector<float> expectedSlide { 2 / 3.0f, 2 / 3.0f, 2 / 3.0f, 1 / 3.0f, 0.0f };
    for (size_t i = 0; i < scores.size(); ++i)
        EXPECT_FLOAT_EQ(slide[i], expectedSlide[i]) << i;
    // fixed 2: blocks of two replaced by their mean; the last, short one still over two.
    const std::vector<float> fixed
        = smoothPel4vadScores(scores, { Pel4vadSmoothingMode::Fixed, 2 });
    const std::vector<float> expectedFixed { 0.5f, 0.5f, 1.0f, 1.0f, 0.0f };
    for (size_t i = 0; i < scores.size(); ++i)
        EXPECT_FLOAT_EQ(fixed[i], expectedFixed[i]) << i;
    EXPECT_EQ(smoothPel4vadScores(scores, { Pel4vadSmoothingMode::None, 7 }), scores);
}

struct FullFile {
    const char* weights;
    const char* goldens;
    bool isXd;
};

class FullSizePel4vad : public ::testing::TestWithParam<FullFile> { };

TEST_P(FullSizePel4vad, LoadsThroughItsTableRowWithTheSettingsItsKernelSays)
{
    const std::string dir = test::pythonFixtureDir("pel4vad", "make_pel4vad_golden.py");
    const LoadedDetector loaded
        = loadDetector(DetectorKind::Pel4vad, dir + "/" + GetParam().weights);
    EXPECT_TRUE(loaded.ignoredKeys.empty());
    EXPECT_EQ(
        loaded.detector->featureSize(), analysis::detectorRow(DetectorKind::Pel4vad).featureWidth);
    expectMatchesGoldens(
        *loaded.detector, readJson(dir + "/" + GetParam().goldens), GetParam().isXd);
}

INSTANTIATE_TEST_SUITE_P(Published, FullSizePel4vad,
    ::testing::Values(FullFile { "pel4vad-ucf-fixture.pth", "goldens.json", false },
        FullFile { "pel4vad-xd-fixture.pth", "goldens_xd.json", true }));

} // namespace
} // namespace vigil::models
