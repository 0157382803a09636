// Detectors of both families of features on one video (issue 39): `vigil analyze CLIP
// --detectors attention,rtfm,urdmu` extracts I3D-ResNet-50 features for the classifier and RTFM,
// then Inception-I3D features for UR-DMU, once each, and the result has every curve and what each
// extraction cost. UR-DMU's curve is the one `vigil features --backbone i3d-inception` and
// `vigil score --detectors urdmu` give on the same clip; the result reopens with each detector at
// its own extraction's step count; batch does the same for each video. Watching:
// tests/integration/watch_command_test.cpp.

#include "core/formats/result_reader.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/json_file.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>

namespace vigil::test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

class TwoFamilies : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("two_families");
        clip_ = dir_ + "/clip.mkv";
        // 40 frames: I3D-ResNet-50's default preset drops the last partial snippet (2 steps),
        // Inception-I3D's fills it (3 steps).
        ASSERT_EQ(std::system(("ffmpeg -loglevel error -y -f lavfi -i "
                               "testsrc2=size=320x240:rate=25 -frames:v 40 -c:v ffv1 "
                               "-pix_fmt bgr0 "
                      + shellQuoted(clip_))
                                  .c_str()),
            0);
        analyzed_ = vigilInProcess("analyze " + shellQuoted(clip_)
            + " --detectors attention,rtfm,urdmu --demo-weights -q -o "
            + shellQuoted(dir_ + "/both"));
    }
    static std::string dir_;
    static std::string clip_;
    static CommandResult analyzed_;
};

std::string TwoFamilies::dir_;
std::string TwoFamilies::clip_;
CommandResult TwoFamilies::analyzed_;

TEST_F(TwoFamilies, AnalyzeScoresEachDetectorOnItsOwnFamilysFeatures)
{
    ASSERT_EQ(analyzed_.exitCode, 0) << analyzed_.output;
    EXPECT_NE(analyzed_.output.find("preprocessing: i3d-resnet-extractor (i3d-r50, centre crop); "
                                    "urdmu (i3d-inception, centre crop) for urdmu\n"),
        std::string::npos)
        << analyzed_.output;
    EXPECT_NE(analyzed_.output.find("extracted I3D-ResNet-50 features: "), std::string::npos)
        << analyzed_.output;
    EXPECT_NE(analyzed_.output.find("; Inception-I3D features: "), std::string::npos)
        << analyzed_.output;
    const json result = readJson(dir_ + "/both/clip.vigil.json");
    EXPECT_EQ(result["version"], 3);
    EXPECT_EQ(result["model"]["backbone"], "i3d-r50");
    EXPECT_FALSE(result["model"]["classifier"].is_null());
    EXPECT_EQ(result["steps"], 2);
    EXPECT_EQ(result["frame_scores"].size(), 40u);
    EXPECT_EQ(result["detectors"]["rtfm"]["step_scores"].size(), 2u);
    EXPECT_EQ(result["detectors"]["urdmu"]["step_scores"].size(), 3u);
    const json& extractions = result["extractions"];
    ASSERT_EQ(extractions.size(), 2u);
    EXPECT_EQ(extractions[0]["backbone"], "i3d-r50");
    EXPECT_EQ(extractions[0]["steps"], 2);
    EXPECT_EQ(extractions[1]["backbone"], "i3d-inception");
    EXPECT_EQ(extractions[1]["preprocess"], "urdmu");
    EXPECT_EQ(extractions[1]["crops"], "center");
    EXPECT_EQ(extractions[1]["steps"], 3);
    EXPECT_EQ(extractions[1]["snippet_frames"], 16);
    EXPECT_EQ(extractions[1]["backbone_weights"]["provenance"], "demo");
    for (const json& extraction : extractions) {
        EXPECT_FALSE(extraction.contains("seconds")); // the same bytes on any machine
        EXPECT_GT(extraction["gflop"].get<double>(), 0.0);
    }
    // The gflop: each input through its backbone (the table's GFLOP per input), one crop.
    EXPECT_NEAR(extractions[1]["gflop"].get<double>(), 3 * 55.575138304, 1e-6);
    const std::vector<std::string> csv = linesOf(dir_ + "/both/clip.scores.csv");
    ASSERT_EQ(csv.size(), 41u);
    EXPECT_EQ(csv[0], "frame,time_s,score,rtfm,urdmu");
}

// The same clip through the two commands a user would otherwise run: the same scores.
TEST_F(TwoFamilies, UrdmusCurveIsTheOneItsOwnExtractionGives)
{
    ASSERT_EQ(analyzed_.exitCode, 0) << analyzed_.output;
    const CommandResult features = vigilInProcess("features " + shellQuoted(clip_)
        + " --backbone i3d-inception --demo-weights -q -o " + shellQuoted(dir_ + "/features"));
    ASSERT_EQ(features.exitCode, 0) << features.output;
    const CommandResult scored = vigilInProcess("score " + shellQuoted(dir_ + "/features/clip.npy")
        + " --detectors urdmu --demo-weights -o " + shellQuoted(dir_ + "/scored"));
    ASSERT_EQ(scored.exitCode, 0) << scored.output;
    const std::vector<double> alone
        = readJson(dir_ + "/scored/clip.vigil.json")["detectors"]["urdmu"]["step_scores"]
              .get<std::vector<double>>();
    const std::vector<double> beside
        = readJson(dir_ + "/both/clip.vigil.json")["detectors"]["urdmu"]["step_scores"]
              .get<std::vector<double>>();
    ASSERT_EQ(beside.size(), alone.size());
    for (size_t i = 0; i < alone.size(); ++i)
        EXPECT_NEAR(beside[i], alone[i], 1e-6) << "step " << i;
}

TEST_F(TwoFamilies, TheResultReopensWithEachDetectorAtItsOwnStepCount)
{
    ASSERT_EQ(analyzed_.exitCode, 0) << analyzed_.output;
    const analysis::AnalysisResult reread
        = formats::readResultFiles(dir_ + "/both/clip.vigil.json", dir_ + "/both/clip.scores.csv");
    ASSERT_EQ(reread.extractions.size(), 2u);
    EXPECT_EQ(reread.extractions[1].backbone, BackboneKind::I3dInception);
    EXPECT_EQ(reread.extractions[1].steps, 3);
    ASSERT_EQ(reread.detectors.size(), 2u);
    EXPECT_EQ(reread.detectors[0].kind, DetectorKind::Rtfm);
    EXPECT_EQ(reread.detectors[0].stepScores.size(), 2u);
    EXPECT_EQ(reread.detectors[1].kind, DetectorKind::Urdmu);
    EXPECT_EQ(reread.detectors[1].stepScores.size(), 3u);
    for (const analysis::DetectorResult& detector : reread.detectors)
        EXPECT_EQ(detector.frameScores.size(), 40u);
    // Frames 32..39 are UR-DMU's third step, and the CSV's last column says so.
    EXPECT_FLOAT_EQ(reread.detectors[1].frameScores[39], reread.detectors[1].stepScores[2]);
}

// A folder through the one engine: every video gets both extractions.
TEST_F(TwoFamilies, BatchExtractsEachFamilyOfEveryVideo)
{
    const std::string folder = dir_ + "/folder";
    fs::create_directories(folder);
    fs::copy_file(clip_, folder + "/one.mkv", fs::copy_options::overwrite_existing);
    const CommandResult run = vigilInProcess("batch " + shellQuoted(folder)
        + " --detectors attention,pel4vad --demo-weights -q -o " + shellQuoted(dir_ + "/batch"));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json result = readJson(dir_ + "/batch/one.vigil.json");
    ASSERT_EQ(result["extractions"].size(), 2u);
    EXPECT_EQ(result["extractions"][1]["backbone"], "i3d-inception");
    EXPECT_EQ(result["detectors"]["pel4vad"]["step_scores"].size(), 3u);
}

TEST_F(TwoFamilies, WithoutTheClassifierOnlyTheBackbonesFamilyIsExtracted)
{
    const CommandResult run = vigilInProcess("analyze " + shellQuoted(clip_)
        + " --detectors urdmu --demo-weights -q -o " + shellQuoted(dir_ + "/alone"));
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.output.find("vigil: --detectors urdmu: UR-DMU reads 1024-d i3d-inception "
                              "features, and --backbone i3d-r50 extracts i3d-r50 ones: run it "
                              "with --backbone i3d-inception, or beside the classifier "
                              "(--detectors attention,urdmu)"),
        std::string::npos)
        << run.output;
    EXPECT_FALSE(fs::exists(dir_ + "/alone"));
}

} // namespace
} // namespace vigil::test
