// `vigil eval --detectors attention,rtfm,urdmu --other-features DIR` (issue 39): one table across
// both families of features. The classifier and RTFM score the 2048-d files, UR-DMU the 1024-d
// files of the same names, at the classifier's frames (Inception-I3D's one extra filled step is
// cut); UR-DMU's AUC is the one `vigil score --detectors urdmu` gives file by file.

#include "core/common/float_array.h"
#include "core/eval/roc_metrics.h"
#include "core/files/npy_file.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/json_file.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <random>

namespace vigil::test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

struct Video {
    std::string name;
    int64_t steps; // of the 2048-d features; the 1024-d ones have one more
    int64_t firstAnomalousStep; // -1: normal
};

const std::vector<Video> kVideos = { { "a", 6, 2 }, { "b", 5, -1 }, { "c", 7, 4 } };

FloatArray randomFeatures(std::mt19937& random, int64_t steps, int64_t size)
{
    std::normal_distribution<float> normal(0.0f, 1.0f);
    FloatArray features = FloatArray::zeros({ steps, 1, size });
    for (float& value : features.values)
        value = std::max(0.0f, normal(random));
    return features;
}

class EvalTwoFamilies : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = scratchDir("eval_two_families");
        fs::create_directories(dir_ + "/r50");
        fs::create_directories(dir_ + "/inception");
        std::mt19937 random(5);
        std::vector<float> labels;
        for (const Video& video : kVideos) {
            files::writeNpy(
                dir_ + "/r50/" + video.name + ".npy", randomFeatures(random, video.steps, 2048));
            files::writeNpy(dir_ + "/inception/" + video.name + ".npy",
                randomFeatures(random, video.steps + 1, 1024));
            for (int64_t frame = 0; frame < video.steps * 16; ++frame)
                labels.push_back(
                    video.firstAnomalousStep >= 0 && frame >= video.firstAnomalousStep * 16 ? 1.0f
                                                                                            : 0.0f);
        }
        FloatArray gt = FloatArray::zeros({ static_cast<int64_t>(labels.size()) });
        gt.values = labels;
        files::writeNpy(dir_ + "/gt.npy", gt);
        labels_.assign(labels.begin(), labels.end());
    }
    std::string dir_;
    std::vector<uint8_t> labels_;
};

TEST_F(EvalTwoFamilies, OneTableScoresEachDetectorOnItsOwnFamilysFeatures)
{
    const CommandResult run
        = vigilInProcess("eval --features-dir " + shellQuoted(dir_ + "/r50") + " --other-features "
            + shellQuoted(dir_ + "/inception") + " --gt " + shellQuoted(dir_ + "/gt.npy")
            + " --detectors attention,rtfm,urdmu --demo-weights -q " + "--json");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json report = json::parse(run.output.substr(run.output.find('{')));
    EXPECT_EQ(report["frames"], (6 + 5 + 7) * 16);
    const json& table = report["detectors"];
    ASSERT_EQ(table.size(), 3u);
    EXPECT_EQ(table[0]["name"], "attention");
    EXPECT_EQ(table[1]["name"], "rtfm");
    EXPECT_EQ(table[2]["name"], "urdmu");
    EXPECT_EQ(report["per_video"][0]["other_features"], dir_ + "/inception/a.npy");

    // UR-DMU's frames as `vigil score` gives them, cut to the classifier's frames.
    std::vector<float> scores;
    for (const Video& video : kVideos) {
        const CommandResult score
            = vigilInProcess("score " + shellQuoted(dir_ + "/inception/" + video.name + ".npy")
                + " --detectors urdmu --demo-weights -q -o " + shellQuoted(dir_ + "/scored"));
        ASSERT_EQ(score.exitCode, 0) << score.output;
        const auto steps = readJson(
            dir_ + "/scored/" + video.name + ".vigil.json")["detectors"]["urdmu"]["step_scores"]
                               .get<std::vector<float>>();
        ASSERT_EQ(steps.size(), static_cast<size_t>(video.steps + 1));
        for (int64_t frame = 0; frame < video.steps * 16; ++frame)
            scores.push_back(steps[static_cast<size_t>(frame / 16)]);
    }
    EXPECT_NEAR(table[2]["roc_auc"].get<double>(), eval::rocAuc(scores, labels_), 1e-9);
    EXPECT_NEAR(table[2]["pr_auc"].get<double>(), eval::prAuc(scores, labels_), 1e-9);
}

TEST_F(EvalTwoFamilies, WithoutTheOtherFeaturesTheyAreAskedForInOneLine)
{
    const CommandResult run = vigilInProcess("eval --features-dir " + shellQuoted(dir_ + "/r50")
        + " --gt " + shellQuoted(dir_ + "/gt.npy") + " --detectors attention,pel4vad "
        + "--demo-weights -q");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_NE(run.output.find("vigil: --detectors pel4vad: PEL4VAD reads 1024-d i3d-inception "
                              "features: name a folder of them"),
        std::string::npos)
        << run.output;

    fs::remove(dir_ + "/inception/b.npy");
    const CommandResult missing = vigilInProcess("eval --features-dir " + shellQuoted(dir_ + "/r50")
        + " --other-features " + shellQuoted(dir_ + "/inception") + " --gt "
        + shellQuoted(dir_ + "/gt.npy") + " --detectors attention,urdmu --demo-weights " + "-q");
    EXPECT_EQ(missing.exitCode, 1) << missing.output;
    EXPECT_NE(missing.output.find("vigil: " + dir_ + "/inception/b.npy: no features here"),
        std::string::npos)
        << missing.output;
}

} // namespace
} // namespace vigil::test
