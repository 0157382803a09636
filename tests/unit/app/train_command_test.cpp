// Runs `vigil train` (the command line in this process, runInProcess) on a small synthetic dataset
// of feature files, then scores and evaluates with the model it saved: `vigil score` and `vigil
// eval` must take it as it is.

#include "core/common/float_array.h"
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

constexpr int64_t kCrops = 2;
constexpr int64_t kFeatures = 2048;

// Writes <dir>/<split>/<name>_i3d.npy for `perLabel` videos of each label; anomalous videos have
// a higher mean in dimensions 0..15 during an event of a third of their steps. Appends CSV lines
// (path relative to dir), list lines and UCF-Crime annotation lines.
void writeSplit(const std::string& dir, const std::string& split, int perLabel, uint64_t seed,
    std::ostream& csv, std::ostream* list, std::ostream* annotations)
{
    fs::create_directories(dir + "/" + split);
    std::mt19937_64 random(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    for (int i = 0; i < 2 * perLabel; ++i) {
        const bool isAnomalous = i % 2 == 1;
        const int64_t steps = 20 + static_cast<int64_t>(random() % 20);
        FloatArray features = FloatArray::zeros({ steps, kCrops, kFeatures });
        for (float& value : features.values)
            value = std::abs(normal(random));
        const int64_t first = static_cast<int64_t>(random() % (steps - steps / 3));
        if (isAnomalous)
            for (int64_t t = first; t < first + steps / 3; ++t)
                for (int64_t c = 0; c < kCrops; ++c)
                    for (int64_t f = 0; f < 16; ++f)
                        features.values[(t * kCrops + c) * kFeatures + f] += 1.0f;
        const std::string name
            = (isAnomalous ? "Event" : "Normal_Videos_") + split + std::to_string(i) + "_x264";
        files::writeNpy(dir + "/" + split + "/" + name + "_i3d.npy", features);
        csv << split << "/" << name << "_i3d.npy," << (isAnomalous ? 1 : 0) << "\n";
        if (list)
            *list << split << "/" << name << "_i3d.npy\n";
        if (annotations)
            *annotations << name << ".mp4  " << (isAnomalous ? "Event" : "Normal") << "  "
                         << (isAnomalous ? std::to_string(first * 16) + " "
                                        + std::to_string((first + steps / 3) * 16 - 1)
                                         : std::string("-1 -1"))
                         << "  -1 -1\n";
    }
}

class TrainCommand : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("train_command");
        std::ofstream train(dir_ + "/train.csv");
        train << "path,label\n";
        writeSplit(dir_, "train", 12, 1, train, nullptr, nullptr);
        std::ofstream val(dir_ + "/val.csv");
        writeSplit(dir_, "val", 5, 2, val, nullptr, nullptr);
        std::ofstream testCsv(dir_ + "/test.csv");
        std::ofstream list(dir_ + "/test.list");
        std::ofstream annotations(dir_ + "/annotations.txt");
        writeSplit(dir_, "test", 6, 3, testCsv, &list, &annotations);
    }
    static std::string dir_;
};
std::string TrainCommand::dir_;

TEST_F(TrainCommand, TrainsAModelThatScoreAndEvalUse)
{
    const std::string model = dir_ + "/out/model.pth";
    const CommandResult trained = vigilInProcess("train --labels "
        + shellQuoted(dir_ + "/train.csv") + " --val " + shellQuoted(dir_ + "/val.csv")
        + " --epochs 10 --batch 4 --seed 3 -q -o " + shellQuoted(model));
    ASSERT_EQ(trained.exitCode, 0) << trained.output;
    ASSERT_TRUE(fs::exists(model)) << trained.output;
    const json sidecar = readJson(dir_ + "/out/model.json");
    EXPECT_EQ(sidecar["da"], 64);
    EXPECT_EQ(sidecar["r"], 3);
    EXPECT_EQ(sidecar["seed"], 3);
    EXPECT_EQ(sidecar["epochs"], 10);
    EXPECT_EQ(sidecar["train"]["files"].size(), 24u);
    EXPECT_EQ(sidecar["steps"], 10 * ((12 * kCrops - 1) / 4));
    EXPECT_GT(sidecar["validation_auc"].get<double>(), 0.9);
    const json report = readJson(dir_ + "/out/model.report.json");
    ASSERT_EQ(report["settings"].size(), 1u);
    EXPECT_EQ(report["settings"][0]["mean_auc"], sidecar["validation_auc"]);
    EXPECT_TRUE(fs::exists(dir_ + "/out/model.report.csv"));
    EXPECT_GT(fs::file_size(dir_ + "/out/model.report.png"), 1000u);

    const CommandResult scored = vigilInProcess("score --classifier " + shellQuoted(model)
        + " -q -o " + shellQuoted(dir_ + "/scored") + " "
        + shellQuoted(dir_ + "/test/Eventtest1_x264_i3d.npy"));
    EXPECT_EQ(scored.exitCode, 0) << scored.output;

    const CommandResult evaluated = vigilInProcess("eval --list " + shellQuoted(dir_ + "/test.list")
        + " --annotations " + shellQuoted(dir_ + "/annotations.txt") + " --classifier "
        + shellQuoted(model) + " --split 28 --json -q");
    ASSERT_EQ(evaluated.exitCode, 0) << evaluated.output;
    const json evaluation = json::parse(evaluated.output.substr(evaluated.output.find('{')));
    // Frame-level: a window of 28 steps covers most of these short videos and gives all its
    // frames one score, so even a perfect video classifier stays well below 1; chance is 0.5.
    EXPECT_GT(evaluation["roc_auc"].get<double>(), 0.7) << evaluated.output;
    EXPECT_EQ(evaluation["classifier"]["da"], 64);
}

TEST_F(TrainCommand, RunsEverySettingSeedAndFoldAndReportsMeanAndDeviation)
{
    const std::string model = dir_ + "/sweep/model.pth";
    const CommandResult run = vigilInProcess("train --labels " + shellQuoted(dir_ + "/train.csv")
        + " --sweep da=8,16 r=1 --seeds 1,2 --folds 3 --epochs 1 --batch 4 -q -o "
        + shellQuoted(model));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("held-out video AUC"), std::string::npos) << run.output;
    const json report = readJson(dir_ + "/sweep/model.report.json");
    ASSERT_EQ(report["runs"].size(), 2u * 2u * 3u);
    ASSERT_EQ(report["settings"].size(), 2u);
    for (const json& setting : report["settings"]) {
        EXPECT_EQ(setting["runs"], 6);
        EXPECT_TRUE(setting["std_auc"].is_number()) << setting.dump();
    }
    EXPECT_TRUE(fs::exists(dir_ + "/sweep/model-da16-r1-seed2-fold2.pth"));
    EXPECT_TRUE(fs::exists(dir_ + "/sweep/model-da16-r1-seed2-fold2.json"));
    EXPECT_TRUE(fs::exists(dir_ + "/sweep/model.report.png"));
    std::ifstream csv(dir_ + "/sweep/model.report.csv");
    std::string header;
    std::getline(csv, header);
    EXPECT_EQ(header, "da,r,runs,mean_auc,std_auc,aucs");
}

TEST_F(TrainCommand, TakesRtfmsListWithTheAnomalousVideosFirst)
{
    std::ofstream list(dir_ + "/train.list");
    std::ifstream csv(dir_ + "/train.csv");
    std::vector<std::string> anomalous;
    std::vector<std::string> normal;
    std::string line;
    std::getline(csv, line); // header
    while (std::getline(csv, line))
        (line.back() == '1' ? anomalous : normal).push_back(line.substr(0, line.rfind(',')));
    for (const auto* group : { &anomalous, &normal })
        for (const std::string& path : *group)
            list << path << "\n";
    list.close();
    const CommandResult run = vigilInProcess("train --list " + shellQuoted(dir_ + "/train.list")
        + " --anomalous-first " + std::to_string(anomalous.size()) + " --epochs 1 --batch 4 -q -o "
        + shellQuoted(dir_ + "/list/model.pth"));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(readJson(dir_ + "/list/model.json")["train"]["anomalous"], 12);
}

TEST_F(TrainCommand, ReportsBadInputAndUsageWithTheDocumentedExitCodes)
{
    const CommandResult noLabels = vigilInProcess("train -o " + shellQuoted(dir_ + "/x.pth"));
    EXPECT_EQ(noLabels.exitCode, 2) << noLabels.output;
    const CommandResult badSweep = vigilInProcess("train --labels "
        + shellQuoted(dir_ + "/train.csv") + " --sweep da=8,x -o " + shellQuoted(dir_ + "/x.pth"));
    EXPECT_EQ(badSweep.exitCode, 2) << badSweep.output;
    EXPECT_NE(badSweep.output.find("vigil: --sweep da: 'x' is not a non-negative integer"),
        std::string::npos)
        << badSweep.output;

    std::ofstream(dir_ + "/bad.csv") << "path,label\ntrain/missing_i3d.npy,1\ntrain/other.npy,0\n";
    const CommandResult missing = vigilInProcess("train --labels " + shellQuoted(dir_ + "/bad.csv")
        + " -q -o " + shellQuoted(dir_ + "/x.pth"));
    EXPECT_EQ(missing.exitCode, 1) << missing.output;
    EXPECT_EQ(missing.output.rfind("vigil: " + dir_ + "/train/missing_i3d.npy: ", 0), 0u)
        << missing.output;
    EXPECT_FALSE(fs::exists(dir_ + "/x.pth"));

    std::ofstream(dir_ + "/one_class.csv") << "train/Event_train1_x264_i3d.npy,1\n";
    const CommandResult oneClass = vigilInProcess("train --labels "
        + shellQuoted(dir_ + "/one_class.csv") + " -q -o " + shellQuoted(dir_ + "/x.pth"));
    EXPECT_EQ(oneClass.exitCode, 1) << oneClass.output;
    EXPECT_NE(
        oneClass.output.find("needs both normal (0) and anomalous (1) videos"), std::string::npos)
        << oneClass.output;
}

TEST_F(TrainCommand, RefusesMoreFoldsThanVideosOfAClassInsteadOfReportingNan)
{
    // 12 normal and 12 anomalous videos: a 13th held-out fold would lack one of each, and its
    // AUC would be NaN.
    const CommandResult run = vigilInProcess("train --labels " + shellQuoted(dir_ + "/train.csv")
        + " --folds 13 --epochs 1 --batch 4 -q -o " + shellQuoted(dir_ + "/folds/model.pth"));
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(run.output,
        "vigil: " + dir_
            + "/train.csv: --folds 13 needs at least 13 normal and 13 anomalous videos (one of "
              "each per held-out fold); there are 12 normal and 12 anomalous\n");
    EXPECT_FALSE(fs::exists(dir_ + "/folds/model.report.csv"));
}

} // namespace
} // namespace vigil::test
