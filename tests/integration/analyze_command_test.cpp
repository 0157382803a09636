// Runs the real vigil executable on generated clips and reads what it wrote.

#include "core/files/npy_file.h"
#include "tests/support/json_file.h"
#include "tests/support/run_command.h"
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

const std::string kVigil = vigilExecutable();

class AnalyzeCommand : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("analyze_command");
        clip_ = dir_ + "/test clip.avi"; // a space on purpose
        ASSERT_TRUE(makeClip(clip_, "testsrc2=size=160x120:rate=25", 50));
    }
    static std::string dir_;
    static std::string clip_;
};
std::string AnalyzeCommand::dir_;
std::string AnalyzeCommand::clip_;

// The backbone's setup is shown with the profile: ctest runs with VIGIL_CALIBRATION=off, and an
// override of both layout and snippets per pass needs no calibration either (nothing measured,
// no cache file), and features stay the same whichever setup ran.
TEST_F(AnalyzeCommand, ProfileShowsTheBackboneSetupAndOverridesNeedNoCalibration)
{
    const std::string cache = dir_ + "/xdg-cache";
    const std::string args = " analyze " + shellQuoted(clip_) + " --demo-weights -q --profile -o ";
    const CommandResult plain = runCommand("XDG_CACHE_HOME=" + shellQuoted(cache) + " " + kVigil
        + args + shellQuoted(dir_ + "/setup-plain"));
    ASSERT_EQ(plain.exitCode, 0) << plain.output;
    EXPECT_NE(plain.output.find("backbone setup: blocked, 1 snippet per pass"), std::string::npos)
        << plain.output;
    EXPECT_NE(plain.output.find("defaults, calibration off"), std::string::npos) << plain.output;
    const CommandResult overridden
        = runCommand("VIGIL_CALIBRATION=auto VIGIL_LAYOUT=channels-last VIGIL_SNIPPETS_PER_PASS=2 "
                     "XDG_CACHE_HOME="
            + shellQuoted(cache) + " " + kVigil + args + shellQuoted(dir_ + "/setup-cl"));
    ASSERT_EQ(overridden.exitCode, 0) << overridden.output;
    EXPECT_NE(overridden.output.find("backbone setup: channels-last, 2 snippets per pass"),
        std::string::npos)
        << overridden.output;
    EXPECT_FALSE(fs::exists(cache + "/vigil/calibration.json"));
    const json a = readJson(dir_ + "/setup-plain/test clip.vigil.json");
    const json b = readJson(dir_ + "/setup-cl/test clip.vigil.json");
    EXPECT_NEAR(
        a["windows"][0]["score"].get<double>(), b["windows"][0]["score"].get<double>(), 1e-4);
    const CommandResult bad
        = runCommand("VIGIL_LAYOUT=sideways " + kVigil + args + shellQuoted(dir_ + "/setup-bad"));
    EXPECT_NE(bad.exitCode, 0);
    EXPECT_NE(bad.output.find("VIGIL_LAYOUT=sideways"), std::string::npos) << bad.output;
}

// The front asks glibc for transparent huge pages (app/malloc_tunables.h): the backbone's ~110 MB
// of weights end up on them, and where the kernel gives them only to those who ask ("madvise"),
// a user's glibc.malloc.hugetlb=0 is what the program gets.
TEST_F(AnalyzeCommand, ProfileShowsTheWeightsOnHugePagesWhereTheKernelOffersThem)
{
    std::ifstream modeFile("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string mode;
    std::getline(modeFile, mode);
    if (mode.empty() || mode.find("[never]") != std::string::npos)
        GTEST_SKIP() << "this kernel gives no transparent huge pages";
    const auto hugeMib = [&](const std::string& environment, const std::string& out) {
        const CommandResult run = runCommand(environment + kVigil + " analyze " + shellQuoted(clip_)
            + " --demo-weights -q --profile -o " + shellQuoted(out));
        EXPECT_EQ(run.exitCode, 0) << run.output;
        const size_t at = run.output.find(" MiB on transparent huge pages now");
        EXPECT_NE(at, std::string::npos) << run.output;
        const size_t start = run.output.rfind(' ', at - 1);
        return at == std::string::npos ? -1 : std::stoi(run.output.substr(start, at - start));
    };
    EXPECT_GE(hugeMib("", dir_ + "/huge"), 64);
    if (mode.find("[madvise]") != std::string::npos)
        EXPECT_EQ(hugeMib("GLIBC_TUNABLES=glibc.malloc.hugetlb=0 ", dir_ + "/small-pages"), 0);
}

TEST_F(AnalyzeCommand, WritesJsonAndCsvThatFollowTheContract)
{
    const std::string out = dir_ + "/out";
    const CommandResult run = runCommand(
        kVigil + " analyze " + shellQuoted(clip_) + " --demo-weights -q -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("demo"), std::string::npos) << "no demo warning: " << run.output;

    const json result = readJson(out + "/test clip.vigil.json");
    EXPECT_EQ(result["video"]["frames"], 50);
    EXPECT_EQ(result["video"]["width"], 160);
    EXPECT_EQ(result["video"]["height"], 120);
    EXPECT_NEAR(result["video"]["fps"].get<double>(), 25.0, 1e-9);
    EXPECT_EQ(result["model"]["backbone"], "i3d-r50");
    EXPECT_EQ(result["model"]["crops"], "center");
    EXPECT_EQ(result["model"]["backbone_weights"]["provenance"], "demo");
    EXPECT_EQ(result["model"]["classifier"]["provenance"], "demo");
    EXPECT_EQ(result["model"]["classifier"]["da"], 64);
    EXPECT_EQ(result["model"]["classifier"]["r"], 3);
    EXPECT_EQ(result["protocol"]["snippet_frames"], 16);
    EXPECT_EQ(result["steps"], 3); // floor((50 - 16) / 16) + 1
    ASSERT_EQ(result["windows"].size(), 1u);
    const json& window = result["windows"][0];
    EXPECT_EQ(window["first_step"], 0);
    EXPECT_EQ(window["last_step"], 2);
    EXPECT_EQ(window["first_frame"], 0);
    EXPECT_EQ(window["last_frame"], 49);
    ASSERT_EQ(window["attention"].size(), 3u);
    for (const json& row : window["attention"]) {
        ASSERT_EQ(row.size(), 3u);
        double sum = 0.0;
        for (const json& weight : row)
            sum += weight.get<double>();
        EXPECT_NEAR(sum, 1.0, 1e-5);
    }
    ASSERT_EQ(result["frame_scores"].size(), 50u);
    for (const json& score : result["frame_scores"])
        EXPECT_EQ(score.get<float>(), window["score"].get<float>());

    std::ifstream csv(out + "/test clip.scores.csv");
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line, "frame,time_s,score");
    int rows = 0;
    std::string last;
    while (std::getline(csv, line)) {
        ++rows;
        last = line;
    }
    EXPECT_EQ(rows, 50);
    EXPECT_EQ(last.rfind("49,1.960000,", 0), 0u) << last;
}

TEST_F(AnalyzeCommand, RefusesToRunWithoutWeightsAndSaysHowToGetThem)
{
    const CommandResult run = runCommand(
        kVigil + " analyze " + shellQuoted(clip_) + " -q -o " + shellQuoted(dir_ + "/none"));
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.output.find("--demo-weights"), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(dir_ + "/none/test clip.vigil.json"));
}

TEST_F(AnalyzeCommand, RefusesCudaInOneLineWhereItCannotRun)
{
    // Debian's libtorch has no CUDA; on a CUDA build with a GPU this test has nothing to refuse.
    const CommandResult cpu = runCommand(kVigil + " analyze --help");
    ASSERT_NE(cpu.output.find("--device"), std::string::npos) << cpu.output;
    const CommandResult run = runCommand(kVigil + " analyze " + shellQuoted(clip_)
        + " --demo-weights --device cuda -q -o " + shellQuoted(dir_ + "/cuda"));
    if (run.exitCode == 0)
        GTEST_SKIP() << "CUDA is available here";
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(run.output.rfind("vigil: --device cuda: ", 0), 0u) << run.output;
    EXPECT_EQ(std::count(run.output.begin(), run.output.end(), '\n'), 1) << run.output;
    EXPECT_FALSE(fs::exists(dir_ + "/cuda/test clip.vigil.json"));
}

TEST_F(AnalyzeCommand, ReportsABadFileInOneLineAndGoesOnWithTheNext)
{
    const std::string bad = dir_ + "/not a video.mp4";
    std::ofstream(bad) << "this is text";
    const std::string out = dir_ + "/mixed";
    const CommandResult run = runCommand(kVigil + " analyze " + shellQuoted(bad) + " "
        + shellQuoted(clip_) + " --demo-weights -q -o " + shellQuoted(out));
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("vigil: " + bad + ":"), std::string::npos) << run.output;
    EXPECT_TRUE(fs::exists(out + "/test clip.vigil.json"));
    EXPECT_FALSE(fs::exists(out + "/not a video.vigil.json"));
}

TEST_F(AnalyzeCommand, ExtractsFeaturesThatScoreTheSameAsAnalyze)
{
    const std::string out = dir_ + "/features";
    CommandResult run = runCommand(
        kVigil + " features " + shellQuoted(clip_) + " --demo-weights -q -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const FloatArray features = files::readNpy(out + "/test clip.npy");
    EXPECT_EQ(features.shape, (std::vector<int64_t> { 3, 1, 2048 }));

    run = runCommand(kVigil + " score " + shellQuoted(out + "/test clip.npy")
        + " --demo-weights -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json scored = readJson(out + "/test clip.vigil.json");
    EXPECT_EQ(scored["steps"], 3);
    EXPECT_EQ(scored["frame_scores"].size(), 50u); // every frame of the video, from the sidecar
    EXPECT_TRUE(
        scored["features"]["path"].get<std::string>().find("test clip.npy") != std::string::npos);

    run = runCommand(kVigil + " analyze " + shellQuoted(clip_) + " --demo-weights -q -o "
        + shellQuoted(dir_ + "/again"));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json analyzed = readJson(dir_ + "/again/test clip.vigil.json");
    EXPECT_NEAR(scored["windows"][0]["score"].get<double>(),
        analyzed["windows"][0]["score"].get<double>(), 1e-6);
}

TEST_F(AnalyzeCommand, ScoresFeaturesWithACheckpointInThePublishedFormat)
{
    const std::string checkpoint = generatedCheckpoint(128, 7);
    FloatArray features = FloatArray::zeros({ 40, 2, 2048 });
    for (size_t i = 0; i < features.values.size(); ++i)
        features.values[i] = static_cast<float>((i * 2654435761u) % 1000) / 1000.0f;
    const std::string dir = scratchDir("score_published");
    files::writeNpy(dir + "/video.npy", features);
    const CommandResult run = runCommand(kVigil + " score " + shellQuoted(dir + "/video.npy")
        + " --classifier " + shellQuoted(checkpoint) + " -o " + shellQuoted(dir));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json result = readJson(dir + "/video.vigil.json");
    EXPECT_EQ(result["model"]["classifier"]["r"], 7);
    EXPECT_EQ(result["model"]["classifier"]["da"], 128);
    EXPECT_EQ(result["model"]["classifier"]["sha256"], generatedCheckpointSha256(128, 7));
    // 20#6: without a sidecar nothing says which backbone, crops or preset made the features.
    EXPECT_TRUE(result["model"]["backbone"].is_null()) << result["model"];
    EXPECT_TRUE(result["model"]["crops"].is_null()) << result["model"];
    EXPECT_TRUE(result["model"]["preprocess"].is_null()) << result["model"];
    EXPECT_EQ(result["model"]["backbone_weights"]["provenance"], "unknown");
    ASSERT_EQ(result["windows"].size(), 2u);
    EXPECT_EQ(result["windows"][1]["attention"].size(), 7u);
    EXPECT_EQ(result["windows"][1]["attention"][0].size(), 8u);
}

TEST(VigilCommandLine, DocumentsEveryCommandAndItsExitCodes)
{
    const CommandResult help = runCommand(kVigil + " --help");
    EXPECT_EQ(help.exitCode, 0);
    for (const char* word : { "analyze", "features", "score", "Exit codes", "130" })
        EXPECT_NE(help.output.find(word), std::string::npos) << word;
    const CommandResult analyzeHelp = runCommand(kVigil + " analyze --help");
    for (const char* word :
        { "--backbone", "--crops", "--window", "--stride", "--frame-step", "--threads", "--quiet" })
        EXPECT_NE(analyzeHelp.output.find(word), std::string::npos) << word;
    EXPECT_EQ(runCommand(kVigil + " analyze --no-such-option x").exitCode, 2);
}

} // namespace
} // namespace vigil::test
