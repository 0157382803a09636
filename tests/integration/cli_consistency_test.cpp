// Runs the real vigil where its help, its options and its outputs had drifted apart (issue 20's
// "a dozen details"): each test holds one of them to what the program does.

#include "core/batch/batch_summary.h"
#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;

const std::string kVigil = vigilExecutable();
const std::string kFast = " --demo-weights --backbone resnet50 --frame-step 10";

// Features [steps, crops, size] whose values differ by step, crop and feature.
FloatArray features(int64_t steps, int64_t crops, int64_t size, float scale = 1.0f)
{
    FloatArray array = FloatArray::zeros({ steps, crops, size });
    for (size_t i = 0; i < array.values.size(); ++i)
        array.values[i] = scale * static_cast<float>((i * 7919) % 101) / 101.0f;
    return array;
}

std::string writeFeatures(const std::string& path, const FloatArray& array)
{
    files::writeNpy(path, array);
    return path;
}

std::string firstLine(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

class CliConsistency : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("cli_consistency");
        fs::create_directories(dir_ + "/videos");
        ASSERT_TRUE(makeClip(dir_ + "/videos/a.mp4", "testsrc=size=64x48:rate=25", 20));
        ASSERT_TRUE(makeClip(dir_ + "/videos/b.mp4", "smptebars=size=64x48:rate=25", 20));
    }
    static std::string dir_;
};
std::string CliConsistency::dir_;

TEST_F(CliConsistency, BatchHelpNamesTheColumnsSummaryCsvHas)
{
    const std::string out = dir_ + "/batch-out";
    const CommandResult run = runCommand(kVigil + " batch " + shellQuoted(dir_ + "/videos") + " -o "
        + shellQuoted(out) + kFast + " -q");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const std::string header = firstLine(out + "/summary.csv");
    EXPECT_EQ(header, batch::kSummaryColumns);
    const CommandResult help = runCommand(kVigil + " batch --help");
    EXPECT_NE(help.output.find("summary.csv: " + header + "\n"), std::string::npos) << help.output;

    // Files skipped by --resume finish before any progress is sent: still counted against the
    // files found, never "[1/0]".
    const CommandResult resumed = runCommand(kVigil + " batch " + shellQuoted(dir_ + "/videos")
        + " -o " + shellQuoted(out) + kFast + " --resume");
    ASSERT_EQ(resumed.exitCode, 0) << resumed.output;
    EXPECT_NE(resumed.output.find("[1/2] skipped "), std::string::npos) << resumed.output;
    EXPECT_NE(resumed.output.find("[2/2] skipped "), std::string::npos) << resumed.output;
    EXPECT_EQ(resumed.output.find("/0]"), std::string::npos) << resumed.output;
}

TEST_F(CliConsistency, ExplainsWindowIsALengthAndAtPicksTheWindow)
{
    const std::string npy = writeFeatures(dir_ + "/explain.npy", features(8, 1, 2048));
    const std::string explain = kVigil + " explain " + shellQuoted(npy) + " --demo-weights";
    const CommandResult run = runCommand(explain + " --window 4 --at 1");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("Window 1 (of 2, counted from 0): steps 4-7"), std::string::npos)
        << run.output;

    const CommandResult oldLength = runCommand(explain + " --window-steps 4");
    EXPECT_EQ(oldLength.exitCode, 2) << oldLength.output;
    EXPECT_EQ(oldLength.output,
        "vigil: --window-steps: is now --window (the window's length); the window to explain is "
        "--at K\n");
    const CommandResult oldIndex = runCommand(explain + " --window 0");
    EXPECT_EQ(oldIndex.exitCode, 2) << oldIndex.output;
    EXPECT_NE(oldIndex.output.find("the window to explain is --at K"), std::string::npos)
        << oldIndex.output;
    const CommandResult beyond = runCommand(explain + " --window 4 --at 2");
    EXPECT_EQ(beyond.exitCode, 1) << beyond.output;
    EXPECT_NE(beyond.output.find("window 2 (--at) does not exist; it has 2 windows (0..1)"),
        std::string::npos)
        << beyond.output;
}

// The student's walkthrough: the paper's forward with the ten crops as the batch, the eight
// answers, and the window's score equal to the one `vigil score` writes for the same file.
TEST_F(CliConsistency, ExplainCodeWalksTheBatchOfCropsToTheScoreOfScore)
{
    const std::string npy = writeFeatures(dir_ + "/ten-crop.npy", features(40, 10, 2048, 3.0f));
    const CommandResult run = runCommand(
        kVigil + " explain " + shellQuoted(npy) + " --demo-weights --at 0 --code --json");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    // The demo weights' warning comes first, on stderr.
    const nlohmann::json lesson = nlohmann::json::parse(run.output.substr(run.output.find('{')));
    std::vector<std::string> shapes;
    for (const nlohmann::json& line : lesson.at("code"))
        shapes.push_back(line.at("shape"));
    EXPECT_EQ(shapes,
        (std::vector<std::string> { "[10, 32, 2048]", "[10, 32, 64]", "[10, 32, 64]", "[10, 32, 3]",
            "[10, 32, 3]", "[10, 32, 3]", "[10, 2048, 32]", "[10, 2048, 3]", "[10, 6144]",
            "[10, 32]", "[10, 1]", "[10, 1]", "[10]", "[]" }));
    ASSERT_EQ(lesson.at("questions").size(), 8u);
    const std::string text = lesson.dump();
    for (const char* term : { "queries", "keys", "sqrt(d_k)", "eval mode", "seed 9111" })
        EXPECT_NE(text.find(term), std::string::npos) << term;

    const std::string out = dir_ + "/ten-crop-scored";
    const CommandResult score = runCommand(
        kVigil + " score " + shellQuoted(npy) + " --demo-weights -q -o " + shellQuoted(out));
    ASSERT_EQ(score.exitCode, 0) << score.output;
    std::ifstream result(out + "/ten-crop.vigil.json");
    const nlohmann::json scored = nlohmann::json::parse(result);
    EXPECT_NEAR(lesson.at("window_score").get<double>(),
        scored.at("windows").at(0).at("score").get<double>(), 1e-5);

    const CommandResult plain
        = runCommand(kVigil + " explain " + shellQuoted(npy) + " --demo-weights --at 0 --code");
    ASSERT_EQ(plain.exitCode, 0) << plain.output;
    EXPECT_NE(
        plain.output.find("torch.bmm(x.permute(0, 2, 1), A) = m  [10, 2048, 3]"), std::string::npos)
        << plain.output;
    EXPECT_NE(
        plain.output.find("8. Why is dropout applied right after the softmax?"), std::string::npos);
}

TEST_F(CliConsistency, VerboseIsAcceptedBeforeAndAfterTheCommand)
{
    const std::string npy = writeFeatures(dir_ + "/verbose.npy", features(4, 1, 2048));
    const std::string score
        = " score " + shellQuoted(npy) + " --demo-weights -o " + shellQuoted(dir_ + "/verbose-out");
    const CommandResult before = runCommand(kVigil + " --verbose" + score);
    EXPECT_EQ(before.exitCode, 0) << before.output;
    const CommandResult after = runCommand(kVigil + score + " --verbose");
    EXPECT_EQ(after.exitCode, 0) << after.output;
}

TEST_F(CliConsistency, AnUnknownOptionIsWhatIsReported)
{
    const CommandResult run = runCommand(kVigil + " analyze --nope");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(run.output, "vigil: The following argument was not expected: --nope\n");
    EXPECT_EQ(runCommand(kVigil + " analyze").output, "vigil: videos is required\n");
}

TEST_F(CliConsistency, WatchOffersOnlyTheBackboneItAccepts)
{
    const CommandResult help = runCommand(kVigil + " watch --help");
    EXPECT_EQ(help.exitCode, 0) << help.output;
    EXPECT_NE(help.output.find("--backbone"), std::string::npos) << help.output;
    EXPECT_EQ(help.output.find("resnet50"), std::string::npos) << help.output;
    EXPECT_EQ(help.output.find("--frame-step"), std::string::npos) << help.output;
    const CommandResult run
        = runCommand(kVigil + " watch rtsp://127.0.0.1:9/x --backbone resnet50");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(run.output.rfind("vigil: --backbone: ", 0), 0u) << run.output;
}

// Every kind of verdict compare gives is listed, in its words, by `features compare --help`;
// where nothing could be measured the JSON says null, not a cosine of 0.0.
TEST_F(CliConsistency, CompareHelpListsTheVerdictsItGives)
{
    const std::string a = writeFeatures(dir_ + "/a.npy", features(4, 1, 2048));
    FloatArray twoCrops = FloatArray::zeros({ 4, 2, 2048 });
    const FloatArray one = features(4, 1, 2048);
    for (int64_t t = 0; t < 4; ++t)
        for (int64_t c = 0; c < 2; ++c)
            std::copy_n(
                one.values.begin() + t * 2048, 2048, twoCrops.values.begin() + (t * 2 + c) * 2048);
    FloatArray varying = features(4, 1, 2048);
    for (size_t i = 0; i < varying.values.size(); ++i)
        varying.values[i] *= 1.0f + static_cast<float>(i / 2048);
    const std::vector<std::pair<FloatArray, std::string>> cases {
        { features(4, 1, 2048), "same protocol" },
        { features(4, 1, 1024), "different feature sizes (A " },
        { twoCrops, "crop counts differ (A " },
        { varying, "norms differ (B/A " },
        { features(4, 1, 2048, 2.0f), "scale differs by x" },
    };
    const std::string help = runCommand(kVigil + " features compare --help").output;
    for (size_t i = 0; i < cases.size(); ++i) {
        SCOPED_TRACE(cases[i].second);
        const std::string b
            = writeFeatures(dir_ + "/b" + std::to_string(i) + ".npy", cases[i].first);
        const CommandResult run = runCommand(
            kVigil + " features compare " + shellQuoted(a) + " " + shellQuoted(b) + " --json");
        ASSERT_EQ(run.exitCode, 0) << run.output;
        const nlohmann::json report = nlohmann::json::parse(run.output);
        const std::string verdict = report.at("verdict").get<std::string>();
        EXPECT_EQ(verdict.rfind(cases[i].second, 0), 0u) << verdict;
        EXPECT_NE(help.find("\"" + cases[i].second), std::string::npos) << help;
        if (i == 1) {
            EXPECT_TRUE(report.at("cosine").at("mean").is_null()) << report.dump();
            EXPECT_TRUE(report.at("cosine").at("worst_step_a").is_null()) << report.dump();
            EXPECT_TRUE(report.at("norm_ratio").at("mean").is_null()) << report.dump();
        }
    }
}

TEST_F(CliConsistency, CountsOfOneAreSingular)
{
    const std::string npy = writeFeatures(dir_ + "/single.npy", features(1, 1, 2048));
    const CommandResult run = runCommand(kVigil + " score " + shellQuoted(npy)
        + " --demo-weights -o " + shellQuoted(dir_ + "/single-out"));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find(": 1 step, 1 crop, 1 window, peak score"), std::string::npos)
        << run.output;
}

} // namespace
} // namespace vigil::test
