// Runs `vigil eval` (the command line in this process, runInProcess) with a classifier in the
// paper's published format (generated, the shape of the da64-r3 checkpoint) on a small synthetic
// dataset of feature files, and checks its report against `vigil score` run video by video.

#include "core/common/float_array.h"
#include "core/eval/roc_metrics.h"
#include "core/files/npy_file.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/json_file.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <random>

namespace vigil::test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

struct SyntheticVideo {
    std::string name;
    std::string className;
    int64_t steps;
    std::string segments; // as the annotation file writes them
};

class EvalCommand : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("eval_command");
        fs::create_directories(dir_ + "/features");
        const std::vector<SyntheticVideo> videos
            = { { "Arrest001_x264", "Arrest", 40, "100 300 -1 -1" },
                  { "Explosion002_x264", "Explosion", 20, "0 40 200 400" },
                  { "Normal_Videos_003_x264", "Normal", 33, "-1 -1 -1 -1" },
                  { "Normal_Videos_004_x264", "Normal", 12, "-1 -1 -1 -1" } };
        std::mt19937 random(11);
        std::normal_distribution<float> normal(0.0f, 1.0f);
        std::ofstream annotations(dir_ + "/annotations.txt");
        std::ofstream list(dir_ + "/test.list");
        for (const SyntheticVideo& video : videos) {
            FloatArray features = FloatArray::zeros({ video.steps, 2, 2048 });
            for (float& value : features.values)
                value = std::max(0.0f, normal(random)); // ReLU-like, as pooled I3D features are
            const std::string path = dir_ + "/features/" + video.name + "_i3d.npy";
            files::writeNpy(path, features);
            annotations << video.name << ".mp4  " << video.className << "  " << video.segments
                        << "\n";
            list << path << "\n";
        }
    }
    static std::string dir_;
};
std::string EvalCommand::dir_;

TEST_F(EvalCommand, ReportsTheAucOfThePaperProtocolWithAClassifierInThePublishedFormat)
{
    const std::string checkpoint = generatedCheckpoint(64, 3);
    const std::string out = dir_ + "/report";
    const CommandResult run = vigilInProcess("eval --list " + shellQuoted(dir_ + "/test.list")
        + " --annotations " + shellQuoted(dir_ + "/annotations.txt") + " --classifier "
        + shellQuoted(checkpoint) + " --split 28 -q -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("ROC AUC"), std::string::npos) << run.output;
    const json report = readJson(out + "/report.json");
    EXPECT_EQ(report["videos"], 4);
    EXPECT_EQ(report["frames"], (40 + 20 + 33 + 12) * 16);
    EXPECT_EQ(report["anomalous_frames"], 201 + 41 + 120); // Explosion: 200..400 cut at frame 319
    EXPECT_EQ(report["classifier"]["r"], 3);
    EXPECT_TRUE(report["class_roc_auc"].contains("Arrest"));

    // The same frames scored by `vigil score` (windows of 28 steps, 16 frames per step), labels
    // from the annotations by hand: the AUC must be the one eval reports.
    std::vector<float> scores;
    std::vector<uint8_t> labels;
    const std::vector<std::pair<std::string, std::vector<std::pair<int, int>>>> truth
        = { { "Arrest001_x264", { { 100, 300 } } },
              { "Explosion002_x264", { { 0, 40 }, { 200, 400 } } },
              { "Normal_Videos_003_x264", {} }, { "Normal_Videos_004_x264", {} } };
    for (const auto& [name, segments] : truth) {
        const std::string scored = dir_ + "/scored";
        const CommandResult score = vigilInProcess("score "
            + shellQuoted(dir_ + "/features/" + name + "_i3d.npy") + " --classifier "
            + shellQuoted(checkpoint) + " --window 28 -q -o " + shellQuoted(scored));
        ASSERT_EQ(score.exitCode, 0) << score.output;
        const auto frameScores = readJson(scored + "/" + name + "_i3d.vigil.json")["frame_scores"]
                                     .get<std::vector<float>>();
        for (size_t frame = 0; frame < frameScores.size(); ++frame) {
            scores.push_back(frameScores[frame]);
            bool isAnomalous = false;
            for (const auto& [first, last] : segments)
                isAnomalous = isAnomalous
                    || (static_cast<int>(frame) >= first && static_cast<int>(frame) <= last);
            labels.push_back(isAnomalous ? 1 : 0);
        }
    }
    EXPECT_NEAR(report["roc_auc"].get<double>(), eval::rocAuc(scores, labels), 1e-9);
    EXPECT_NEAR(report["pr_auc"].get<double>(), eval::prAuc(scores, labels), 1e-9);

    std::ifstream csv(out + "/roc.csv");
    std::string header;
    std::getline(csv, header);
    EXPECT_EQ(header, "fpr,tpr,threshold");
    std::ifstream png(out + "/roc.png", std::ios::binary);
    char magic[4] = {};
    png.read(magic, 4);
    EXPECT_EQ(std::string(magic + 1, 3), "PNG");
}

TEST_F(EvalCommand, NamesAVideoThatTheGroundTruthDoesNotCover)
{
    // RTFM's concatenated labels, one video's worth short: the error names the video.
    FloatArray labels = FloatArray::zeros({ (40 + 20 + 33) * 16 });
    files::writeNpy(dir_ + "/gt-short.npy", labels);
    const CommandResult run
        = vigilInProcess("eval --features-dir " + shellQuoted(dir_ + "/features") + " --gt "
            + shellQuoted(dir_ + "/gt-short.npy") + " --demo-weights -q");
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("Normal_Videos_004_x264_i3d.npy"), std::string::npos) << run.output;
}

TEST_F(EvalCommand, NeedsAFeatureSourceAndAGroundTruth)
{
    const CommandResult run = vigilInProcess(
        "eval --features-dir " + shellQuoted(dir_ + "/features") + " --demo-weights");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_NE(run.output.find("--gt or --annotations"), std::string::npos) << run.output;
}

TEST_F(EvalCommand, RefusesAGroundTruthOfASingleClassInsteadOfPrintingNan)
{
    // Every frame normal: ROC and PR AUC are undefined; they were printed as "nan %", exit 0.
    files::writeNpy(dir_ + "/gt-normal.npy", FloatArray::zeros({ (40 + 20 + 33 + 12) * 16 }));
    const CommandResult run
        = vigilInProcess("eval --features-dir " + shellQuoted(dir_ + "/features") + " --gt "
            + shellQuoted(dir_ + "/gt-normal.npy") + " --demo-weights -q");
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(
        run.output.find(
            "vigil: the ground truth marks no frame anomalous: ROC and PR AUC need both normal "
            "and anomalous frames\n"),
        std::string::npos)
        << run.output;
    EXPECT_EQ(run.output.find("nan"), std::string::npos) << run.output;
}

} // namespace
} // namespace vigil::test
