// --detectors on the vigil command line (in this process, runInProcess): a score column and a JSON
// entry per detector (every DetectorKind, so detectors added later are covered without a change),
// the refusals in one line, the batch summary's peaks, and eval's table checked against the
// detectors' own scores.

#include "core/engine/detector_plan.h"
#include "core/eval/roc_metrics.h"
#include "core/files/npy_file.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/json_file.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <random>

namespace vigil::test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::string allColumns()
{
    std::string header = "frame,time_s,score";
    for (const DetectorKind kind : engine::allDetectorKinds())
        header += "," + toString(kind);
    return header;
}

// [steps, crops, size] of ReLU-like noise, as pooled I3D features are.
void writeFeatures(const std::string& path, int64_t steps, int64_t size, unsigned seed)
{
    std::mt19937 random(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    FloatArray features = FloatArray::zeros({ steps, 1, size });
    for (float& value : features.values)
        value = std::max(0.0f, normal(random));
    files::writeNpy(path, features);
}

class DetectorsCommand : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("detectors_command");
        fs::create_directories(dir_ + "/videos");
        clip_ = dir_ + "/videos/clip.avi";
        ASSERT_TRUE(makeClip(clip_, "testsrc2=size=160x120:rate=25", 50));
        fs::create_directories(dir_ + "/no-models");
    }
    static std::string dir_;
    static std::string clip_;
};
std::string DetectorsCommand::dir_;
std::string DetectorsCommand::clip_;

TEST_F(DetectorsCommand, AnalyzeAllWritesAScoreColumnAndAnEntryPerDetector)
{
    const std::string out = dir_ + "/all";
    const CommandResult run = vigilInProcess("analyze " + shellQuoted(clip_)
        + " --demo-weights --detectors all -q -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(
        run.output.find("demo (seeded random) weights for the detectors rtfm"), std::string::npos)
        << run.output;
    const std::vector<std::string> csv = linesOf(out + "/clip.scores.csv");
    ASSERT_EQ(csv.size(), 51u);
    EXPECT_EQ(csv[0], allColumns());
    const json result = readJson(out + "/clip.vigil.json");
    EXPECT_EQ(result["version"], 3);
    for (const DetectorKind kind : engine::allDetectorKinds()) {
        SCOPED_TRACE(toString(kind));
        const json& detector = result["detectors"][toString(kind)];
        EXPECT_EQ(detector["step_scores"].size(), result["steps"].get<size_t>());
        EXPECT_EQ(detector["weights"]["provenance"], "demo");
        EXPECT_EQ(detector["source"], "DEMO");
        for (const json& score : detector["step_scores"]) {
            EXPECT_GE(score.get<double>(), 0.0);
            EXPECT_LE(score.get<double>(), 1.0);
        }
    }
    // The classifier alone, as before: no extra column, no detectors.
    const CommandResult plain = vigilInProcess(
        "analyze " + shellQuoted(clip_) + " --demo-weights -q -o " + shellQuoted(dir_ + "/plain"));
    ASSERT_EQ(plain.exitCode, 0) << plain.output;
    EXPECT_EQ(linesOf(dir_ + "/plain/clip.scores.csv")[0], "frame,time_s,score");
    EXPECT_TRUE(readJson(dir_ + "/plain/clip.vigil.json")["detectors"].empty());
}

TEST_F(DetectorsCommand, RefusesAnUnknownNameOrADetectorWithoutWeightsInOneLine)
{
    const CommandResult unknown = vigilInProcess("analyze " + shellQuoted(clip_)
        + " --demo-weights --detectors attention,rtfn -q -o " + shellQuoted(dir_ + "/x"));
    EXPECT_EQ(unknown.exitCode, 2) << unknown.output;
    EXPECT_FALSE(fs::exists(dir_ + "/x"));
    EXPECT_EQ(std::count(unknown.output.begin(), unknown.output.end(), '\n'), 1) << unknown.output;
    EXPECT_EQ(unknown.output.rfind("vigil: ", 0), 0u) << unknown.output;
    EXPECT_NE(unknown.output.find("'rtfn' is not a detector"), std::string::npos) << unknown.output;

    const std::string features = dir_ + "/f.npy";
    writeFeatures(features, 8, 2048, 1);
    const ScopedEnvironment noModels("VIGIL_MODELS_DIR", dir_ + "/no-models");
    const CommandResult missing = vigilInProcess("score " + shellQuoted(features)
        + " --detectors attention,rtfm -o " + shellQuoted(dir_ + "/missing"));
    EXPECT_EQ(missing.exitCode, 2) << missing.output;
    EXPECT_EQ(std::count(missing.output.begin(), missing.output.end(), '\n'), 1) << missing.output;
    EXPECT_NE(missing.output.find("vigil models import FILE --as rtfm-ucf"), std::string::npos)
        << missing.output;
}

TEST_F(DetectorsCommand, ScoreRefuses1024dFeaturesSayingWhatEachDetectorNeeds)
{
    const std::string features = dir_ + "/inception.npy";
    writeFeatures(features, 8, 1024, 2);
    const CommandResult run = vigilInProcess("score " + shellQuoted(features)
        + " --demo-weights --detectors all -o " + shellQuoted(dir_ + "/inception"));
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("vigil: " + features
                  + ": 1024-d features do not fit: attention "
                    "needs 2048-d, rtfm needs 2048-d"),
        std::string::npos)
        << run.output;
}

TEST_F(DetectorsCommand, BatchSummaryGivesEachDetectorsPeak)
{
    const std::string out = dir_ + "/batch";
    const CommandResult run = vigilInProcess("batch " + shellQuoted(dir_ + "/videos")
        + " --demo-weights --detectors all -q -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const std::vector<std::string> summary = linesOf(out + "/summary.csv");
    ASSERT_EQ(summary.size(), 2u);
    EXPECT_NE(summary[0].find(",detector_peaks"), std::string::npos);
    const json result = readJson(out + "/clip.vigil.json");
    double peak = 0.0;
    for (const json& score : result["detectors"]["rtfm"]["step_scores"])
        peak = std::max(peak, score.get<double>());
    char expected[32];
    std::snprintf(expected, sizeof expected, "rtfm=%.6f", peak);
    EXPECT_NE(summary[1].find(expected), std::string::npos) << summary[1];
    // --resume takes the result only with the same detectors.
    const CommandResult again = vigilInProcess("batch " + shellQuoted(dir_ + "/videos")
        + " --demo-weights --resume -q -o " + shellQuoted(out));
    ASSERT_EQ(again.exitCode, 0) << again.output;
    EXPECT_EQ(readJson(out + "/clip.vigil.json")["detectors"].size(), 0u);
}

// One scorer's frame scores of a feature file, as `vigil score` writes them (steps of 16 frames).
std::vector<float> scoredFrames(const std::string& json, const std::string& detector)
{
    std::vector<float> frames;
    const nlohmann::json result = readJson(json); // kept: a temporary would not outlive the loop
    for (const auto& score : result["detectors"][detector]["step_scores"])
        frames.insert(frames.end(), 16, score.get<float>());
    return frames;
}

TEST_F(DetectorsCommand, EvalPrintsOneTableWhoseFiguresAreThoseOfTheDetectorsScores)
{
    const std::string set = dir_ + "/eval";
    fs::create_directories(set + "/features");
    const std::vector<std::pair<std::string, int64_t>> videos = { { "Arrest001_x264", 30 },
        { "Normal_Videos_001_x264", 12 }, { "Normal_Videos_002_x264", 9 } };
    std::ofstream annotations(set + "/annotations.txt");
    for (size_t i = 0; i < videos.size(); ++i) {
        writeFeatures(set + "/features/" + videos[i].first + ".npy", videos[i].second, 2048,
            static_cast<unsigned>(10 + i));
        annotations << videos[i].first << ".mp4  " << (i == 0 ? "Arrest  100 300" : "Normal  -1 -1")
                    << "  -1  -1\n";
    }
    annotations.close();
    const CommandResult run = vigilInProcess("eval --features-dir " + shellQuoted(set + "/features")
        + " --annotations " + shellQuoted(set + "/annotations.txt")
        + " --demo-weights --detectors all -q -o " + shellQuoted(set + "/report"));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("FA@0.5"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("\nrtfm "), std::string::npos) << run.output;
    const json table = readJson(set + "/report/report.json")["detectors"];
    ASSERT_EQ(table.size(), 1 + engine::allDetectorKinds().size());
    EXPECT_EQ(table[0]["name"], "attention");
    // Each video scored once by every detector, as `vigil score` gives them.
    for (size_t i = 0; i < videos.size(); ++i) {
        const CommandResult scored
            = vigilInProcess("score " + shellQuoted(set + "/features/" + videos[i].first + ".npy")
                + " --demo-weights --detectors all -q -o "
                + shellQuoted(set + "/score-" + std::to_string(i)));
        ASSERT_EQ(scored.exitCode, 0) << scored.output;
    }
    for (size_t d = 1; d < table.size(); ++d) {
        const std::string name = table[d]["name"];
        SCOPED_TRACE(name);
        std::vector<float> scores;
        std::vector<uint8_t> labels;
        int64_t normalFrames = 0, alarms = 0;
        for (size_t i = 0; i < videos.size(); ++i) {
            const std::string out = set + "/score-" + std::to_string(i);
            const std::vector<float> frames
                = scoredFrames(out + "/" + videos[i].first + ".vigil.json", name);
            for (size_t f = 0; f < frames.size(); ++f) {
                labels.push_back(i == 0 && f >= 100 && f <= 300 ? 1 : 0);
                if (i > 0) {
                    ++normalFrames;
                    alarms += frames[f] >= 0.5f ? 1 : 0;
                }
            }
            scores.insert(scores.end(), frames.begin(), frames.end());
        }
        EXPECT_NEAR(table[d]["roc_auc"].get<double>(), eval::rocAuc(scores, labels), 1e-9);
        EXPECT_NEAR(table[d]["pr_auc"].get<double>(), eval::prAuc(scores, labels), 1e-9);
        EXPECT_NEAR(table[d]["false_alarm_rate"].get<double>(),
            static_cast<double>(alarms) / static_cast<double>(normalFrames), 1e-12);
        // One anomaly class with every normal video: the overall figure.
        EXPECT_NEAR(table[d]["class_roc_auc"]["Arrest"].get<double>(),
            table[d]["roc_auc"].get<double>(), 1e-12);
    }
}

} // namespace
} // namespace vigil::test
