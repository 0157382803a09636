// --preprocess through the vigil command line (in this process, runInProcess): analyze and features
// print and record the preset, rtfm keeps the last partial snippet (loop-padded), resnet50 refuses
// rtfm, and batch
// --resume analyses again what another preset made.

#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/json_file.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class PreprocessPreset : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("preprocess_preset");
        clip_ = dir_ + "/in/clip.avi";
        fs::create_directories(dir_ + "/in");
        // 20 frames: one complete snippet and 4 frames over.
        ASSERT_TRUE(makeClip(clip_, "testsrc2=size=96x72:rate=25", 20));
    }
    static CommandResult vigil(const std::string& arguments)
    {
        return vigilInProcess("" + arguments + " --demo-weights -q");
    }
    static std::string dir_;
    static std::string clip_;
};
std::string PreprocessPreset::dir_;
std::string PreprocessPreset::clip_;

TEST_F(PreprocessPreset, AnalyzePrintsAndRecordsTheDefaultAndDropsTheLastPartialSnippet)
{
    const std::string out = dir_ + "/default";
    const CommandResult run = vigil("analyze " + shellQuoted(clip_) + " -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("preprocessing: i3d-resnet-extractor (i3d-r50, centre crop)\n"),
        std::string::npos)
        << run.output;
    const json result = readJson(out + "/clip.vigil.json");
    EXPECT_EQ(result["model"]["preprocess"], "i3d-resnet-extractor");
    EXPECT_EQ(result["steps"], 1); // floor(20 / 16)
    EXPECT_EQ(result["frame_scores"].size(), 20u);
}

TEST_F(PreprocessPreset, AnalyzeWithRtfmKeepsTheLastPartialSnippetLoopPadded)
{
    const std::string out = dir_ + "/rtfm";
    const CommandResult run
        = vigil("analyze " + shellQuoted(clip_) + " --preprocess rtfm -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("preprocessing: rtfm (i3d-r50, centre crop)\n"), std::string::npos)
        << run.output;
    const json result = readJson(out + "/clip.vigil.json");
    EXPECT_EQ(result["model"]["preprocess"], "rtfm");
    EXPECT_EQ(result["steps"], 2); // ceil(20 / 16)
    ASSERT_EQ(result["windows"].size(), 1u);
    EXPECT_EQ(result["windows"][0]["last_frame"], 19) << "the last window ends at the last frame";
    EXPECT_EQ(result["frame_scores"].size(), 20u);
}

TEST_F(PreprocessPreset, FeaturesWriteThePresetInTheSidecar)
{
    const std::string out = dir_ + "/features";
    const CommandResult run
        = vigil("features " + shellQuoted(clip_) + " --preprocess RTFM -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("preprocessing: rtfm"), std::string::npos) << run.output;
    EXPECT_EQ(readJson(out + "/clip.json")["preprocess"], "rtfm");
    EXPECT_EQ(files::readNpy(out + "/clip.npy").shape, (std::vector<int64_t> { 2, 1, 2048 }));

    // score reads the preset from the sidecar into its result.
    const CommandResult scored
        = vigil("score " + shellQuoted(out + "/clip.npy") + " -o " + shellQuoted(out));
    ASSERT_EQ(scored.exitCode, 0) << scored.output;
    EXPECT_EQ(readJson(out + "/clip.vigil.json")["model"]["preprocess"], "rtfm");
}

TEST_F(PreprocessPreset, FeaturesCompareNamesTheTwoPresets)
{
    const std::string a = dir_ + "/compare-a", b = dir_ + "/compare-b";
    ASSERT_EQ(vigil("features " + shellQuoted(clip_) + " -o " + shellQuoted(a)).exitCode, 0);
    ASSERT_EQ(vigil("features " + shellQuoted(clip_) + " --preprocess rtfm -o " + shellQuoted(b))
                  .exitCode,
        0);
    const CommandResult run = vigilInProcess(
        "features compare " + shellQuoted(a + "/clip.npy") + " " + shellQuoted(b + "/clip.npy"));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("made with other preprocessing presets (A i3d-resnet-extractor, B "
                              "rtfm)"),
        std::string::npos)
        << run.output;
}

// Sidecars as `vigil features` writes them, for features made by the preset named.
void writeFeatures(const std::string& npy, const std::string& preset, float value)
{
    FloatArray features = FloatArray::zeros({ 2, 1, 2048 });
    std::fill(features.values.begin(), features.values.end(), value);
    files::writeNpy(npy, features);
    const json sidecar { { "backbone", "i3d-r50" }, { "crops", "center" }, { "preprocess", preset },
        { "backbone_weights",
            { { "path", "" }, { "sha256", "" }, { "provenance", "demo" }, { "name", "" } } },
        { "snippet_frames", 16 },
        { "video", { { "path", "v.avi" }, { "frames", 32 }, { "fps", 25.0 } } } };
    std::ofstream(fs::path(npy).replace_extension(".json")) << sidecar.dump();
}

TEST_F(PreprocessPreset, EvalWarnsWhenTheFeaturesMixPresets)
{
    const std::string features = dir_ + "/eval-features";
    fs::create_directories(features);
    writeFeatures(features + "/a.npy", "i3d-resnet-extractor", 0.5f);
    writeFeatures(features + "/b.npy", "rtfm", 0.1f);
    FloatArray labels = FloatArray::zeros({ 64 });
    std::fill(labels.values.begin(), labels.values.begin() + 32, 1.0f);
    files::writeNpy(dir_ + "/eval-gt.npy", labels);
    const std::string out = dir_ + "/eval-report";
    const CommandResult run = vigil("eval --features-dir " + shellQuoted(features) + " --gt "
        + shellQuoted(dir_ + "/eval-gt.npy") + " -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("vigil: warning: features of different models are mixed"),
        std::string::npos)
        << run.output;
    const json report = readJson(out + "/report.json");
    bool isWarned = false;
    for (const json& warning : report["warnings"])
        isWarned = isWarned
            || warning.get<std::string>().find("preprocessing rtfm") != std::string::npos;
    EXPECT_TRUE(isWarned) << report["warnings"].dump();
    EXPECT_EQ(report["per_video"][1]["made_by"], "i3d-r50, preprocessing rtfm");
}

TEST_F(PreprocessPreset, RefusesRtfmWithTheResNet50BackboneInOneLine)
{
    const CommandResult run = vigil("analyze " + shellQuoted(clip_)
        + " --backbone resnet50 --preprocess rtfm -o " + shellQuoted(dir_ + "/refused"));
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(
        run.output.rfind("vigil: --preprocess rtfm applies to the i3d-r50 backbone only", 0), 0u)
        << run.output;
    EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
    EXPECT_FALSE(fs::exists(dir_ + "/refused"));
    EXPECT_EQ(vigil("analyze x.avi --preprocess bilinear").exitCode, 2);
}

TEST_F(PreprocessPreset, BatchResumeAnalysesAgainWhatAnotherPresetMade)
{
    const std::string out = dir_ + "/batch";
    const std::string folder = shellQuoted(dir_ + "/in");
    ASSERT_EQ(vigil("batch " + folder + " -o " + shellQuoted(out)).exitCode, 0);
    const CommandResult same = vigil("batch " + folder + " -o " + shellQuoted(out) + " --resume");
    ASSERT_EQ(same.exitCode, 0) << same.output;
    std::ifstream summary(out + "/summary.csv");
    const std::string sameSummary { std::istreambuf_iterator<char>(summary), {} };
    EXPECT_NE(sameSummary.find("clip.avi,skipped"), std::string::npos) << sameSummary;

    const CommandResult other
        = vigil("batch " + folder + " -o " + shellQuoted(out) + " --resume --preprocess rtfm");
    ASSERT_EQ(other.exitCode, 0) << other.output;
    std::ifstream again(out + "/summary.csv");
    const std::string otherSummary { std::istreambuf_iterator<char>(again), {} };
    EXPECT_NE(otherSummary.find("clip.avi,ok"), std::string::npos) << otherSummary;
    EXPECT_NE(otherSummary.find("preprocessing preset"), std::string::npos) << otherSummary;
    EXPECT_EQ(readJson(out + "/clip.vigil.json")["model"]["preprocess"], "rtfm");
}

} // namespace
} // namespace vigil::test
