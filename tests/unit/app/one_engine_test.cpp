// The numbers vigil writes are computed from what the user asked for (issue "One engine for
// every front end"): demo weights never replace installed ones, features need no classifier, a
// stride that would leave steps unscored is refused, score gives real times, outputs never
// collide, and NaN features are refused. Runs the vigil command line in this process
// (runInProcess) on generated files; tests/integration/one_engine_test.cpp launches the desktop
// app.

#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "tests/support/i3d_caffe2_file.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/json_file.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<std::string> csvLines(const std::string& path)
{
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// Lines other than the demo-weights warning, which every run with --demo-weights prints.
size_t lineCount(const std::string& text)
{
    std::istringstream lines(text);
    size_t count = 0;
    for (std::string line; std::getline(lines, line);)
        count += line.rfind("vigil: warning: using demo", 0) == 0 ? 0 : 1;
    return count;
}

class OneEngine : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("one_engine");
        clip_ = dir_ + "/clip.avi";
        ASSERT_TRUE(makeClip(clip_, "testsrc2=size=160x120:rate=25", 40));
    }
    void SetUp() override
    {
        models_
            = dir_ + "/models-" + ::testing::UnitTest::GetInstance()->current_test_info()->name();
        fs::create_directories(models_);
    }
    // With a models folder of this test's own, so nothing installed elsewhere is used.
    CommandResult vigil(const std::string& arguments) const
    {
        const ScopedEnvironment models("VIGIL_MODELS_DIR", models_);
        return vigilInProcess(arguments);
    }
    static std::string dir_;
    static std::string clip_;
    std::string models_;
};
std::string OneEngine::dir_;
std::string OneEngine::clip_;

TEST_F(OneEngine, DemoWeightsFillOnlyTheNetworkThatHasNone)
{
    const std::string pkl = dir_ + "/i3d_baseline_32x2_IN_pretrain_400k.pkl";
    writeI3dCaffe2File(pkl);
    ASSERT_EQ(vigil("models import " + shellQuoted(pkl) + " --as i3d-r50-kinetics").exitCode, 0);
    const std::string out = dir_ + "/demo-fill";
    const CommandResult run
        = vigil("analyze " + shellQuoted(clip_) + " --demo-weights -q -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json model = readJson(out + "/clip.vigil.json")["model"];
    EXPECT_EQ(model["backbone_weights"]["provenance"], "imported") << model;
    EXPECT_EQ(model["classifier"]["provenance"], "demo");
    EXPECT_NE(
        run.output.find("demo (seeded random) weights for the classifier;"), std::string::npos)
        << run.output;
}

TEST_F(OneEngine, FeaturesNeedNoClassifierAndLeaveASidecar)
{
    const std::string out = dir_ + "/features";
    const CommandResult run
        = vigil("features " + shellQuoted(clip_) + " --demo-weights -q -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(run.output.find("classifier"), std::string::npos) << run.output;
    EXPECT_EQ(files::readNpy(out + "/clip.npy").shapeText(), "[2, 1, 2048]");
    const json sidecar = readJson(out + "/clip.json");
    EXPECT_EQ(sidecar["backbone"], "i3d-r50");
    EXPECT_EQ(sidecar["snippet_frames"], 16);
    EXPECT_DOUBLE_EQ(sidecar["video"]["fps"].get<double>(), 25.0);
}

TEST_F(OneEngine, RefusesAStrideThatWouldLeaveStepsUnscored)
{
    const std::string out = dir_ + "/stride";
    for (const std::string command : { "analyze", "batch" }) {
        SCOPED_TRACE(command);
        const std::string input = command == std::string("batch") ? dir_ : clip_;
        const CommandResult run = vigil(command + " " + shellQuoted(input)
            + " --demo-weights --window 4 --stride 8 -q -o " + shellQuoted(out));
        EXPECT_EQ(run.exitCode, 2) << run.output;
        EXPECT_EQ(lineCount(run.output), 1u) << run.output;
        EXPECT_NE(run.output.find("would not be scored"), std::string::npos) << run.output;
    }
    EXPECT_FALSE(fs::exists(out + "/clip.vigil.json"));
}

TEST_F(OneEngine, ScoreGivesFramesTheirTimesFromTheSidecarOrFps)
{
    const std::string features = dir_ + "/timed";
    ASSERT_EQ(
        vigil("features " + shellQuoted(clip_) + " --demo-weights -q -o " + shellQuoted(features))
            .exitCode,
        0);
    const std::string out = dir_ + "/scored";
    CommandResult run = vigil(
        "score " + shellQuoted(features + "/clip.npy") + " --demo-weights -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    std::vector<std::string> lines = csvLines(out + "/clip.scores.csv");
    ASSERT_EQ(lines.size(), 41u); // the header and the clip's 40 frames, from the sidecar
    EXPECT_EQ(lines[26].rfind("25,1.000000,", 0), 0u) << lines[26];
    EXPECT_NE(run.output.find("1 crop,"), std::string::npos) << run.output;
    EXPECT_EQ(
        readJson(out + "/clip.vigil.json")["model"]["backbone_weights"]["provenance"], "demo");

    // Without the sidecar, a time is only written when --fps gives the rate; never a 0 for all.
    fs::remove(features + "/clip.json");
    run = vigil("score " + shellQuoted(features + "/clip.npy") + " --demo-weights -q -o "
        + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    lines = csvLines(out + "/clip.scores.csv");
    EXPECT_EQ(lines[26].rfind("25,,", 0), 0u) << lines[26];
    EXPECT_TRUE(readJson(out + "/clip.vigil.json")["features"]["fps"].is_null());
    EXPECT_EQ(
        readJson(out + "/clip.vigil.json")["model"]["backbone_weights"]["provenance"], "unknown");
    run = vigil("score " + shellQuoted(features + "/clip.npy") + " --fps 25 --demo-weights -q -o "
        + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(csvLines(out + "/clip.scores.csv")[26].rfind("25,1.000000,", 0), 0u);
}

TEST_F(OneEngine, NoTwoInputsShareAResult)
{
    fs::create_directories(dir_ + "/a");
    fs::create_directories(dir_ + "/b");
    fs::copy_file(clip_, dir_ + "/a/same.avi", fs::copy_options::overwrite_existing);
    fs::copy_file(clip_, dir_ + "/b/same.avi", fs::copy_options::overwrite_existing);
    ASSERT_TRUE(makeClip(dir_ + "/b/same.mkv", "testsrc2=size=160x120:rate=25", 20));
    const std::string out = dir_ + "/collide";
    CommandResult run = vigil("analyze " + shellQuoted(dir_ + "/a/same.avi") + " "
        + shellQuoted(dir_ + "/b/same.mkv") + " --demo-weights -q -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(readJson(out + "/same.avi.vigil.json")["video"]["frames"], 40);
    EXPECT_EQ(readJson(out + "/same.mkv.vigil.json")["video"]["frames"], 20);

    const std::string refused = dir_ + "/refused";
    run = vigil("analyze " + shellQuoted(dir_ + "/a/same.avi") + " "
        + shellQuoted(dir_ + "/b/same.avi") + " --demo-weights -q -o " + shellQuoted(refused));
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(lineCount(run.output), 1u) << run.output;
    EXPECT_FALSE(fs::exists(refused)) << "work was done before refusing";
}

TEST_F(OneEngine, ABatchGivesEveryFileItsOwnResult)
{
    const std::string folder = dir_ + "/names";
    fs::create_directories(folder);
    for (const std::string name : { "a.mp4", "a.avi", "a.mp4.mkv" })
        ASSERT_TRUE(makeClip(folder + "/" + name, "testsrc2=size=160x120:rate=25", 20));
    const std::string out = dir_ + "/names-out";
    const CommandResult run
        = vigil("batch " + shellQuoted(folder) + " --demo-weights -q -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    for (const std::string name : { "a.mp4", "a.avi", "a.mp4.mkv" }) {
        SCOPED_TRACE(name);
        EXPECT_EQ(readJson(out + "/" + name + ".vigil.json")["video"]["path"], folder + "/" + name);
    }
}

TEST_F(OneEngine, ScoreRefusesNanFeaturesNamingTheStep)
{
    FloatArray features = FloatArray::zeros({ 3, 1, 2048 });
    features.values[2 * 2048 + 5] = std::nanf("");
    const std::string npy = dir_ + "/nan.npy";
    files::writeNpy(npy, features);
    const CommandResult run = vigil(
        "score " + shellQuoted(npy) + " --demo-weights -q -o " + shellQuoted(dir_ + "/nan-out"));
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_EQ(lineCount(run.output), 1u) << run.output;
    EXPECT_NE(run.output.find(npy + ": step 2 holds a NaN"), std::string::npos) << run.output;
}

} // namespace
} // namespace vigil::test
