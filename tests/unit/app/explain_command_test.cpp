// Runs `vigil explain` (the command line in this process, runInProcess) on features and on a
// generated clip, and checks that the walkthrough's score is the one `vigil score` puts in the
// result for that window.

#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <random>

namespace vigil::test {
namespace {

using nlohmann::json;

// `text` without the lines that hold `part` (what `grep -v part` leaves).
std::string withoutLinesHolding(const std::string& text, const std::string& part)
{
    std::string kept;
    for (const std::string& line : linesOfText(text))
        if (line.find(part) == std::string::npos)
            kept += line + "\n";
    return kept;
}

TEST(ExplainCommand, PrintsEveryTensorOfTheWindowWithTheScoreOfTheResult)
{
    const std::string checkpoint = generatedCheckpoint(64, 3);
    const std::string dir = scratchDir("explain_command");
    FloatArray features = FloatArray::zeros({ 45, 1, 2048 });
    std::mt19937 random(5);
    std::uniform_real_distribution<float> uniform(0.0f, 2.0f);
    for (float& value : features.values)
        value = uniform(random);
    files::writeNpy(dir + "/clip.npy", features);

    const InProcessResult json_run
        = runInProcess(shellWords("explain " + shellQuoted(dir + "/clip.npy") + " --classifier "
            + shellQuoted(checkpoint) + " --at 1 --json"));
    ASSERT_EQ(json_run.exitCode, 0) << json_run.err;
    const json explained = json::parse(json_run.out); // stdout alone: the JSON
    EXPECT_EQ(explained["first_step"], 32);
    EXPECT_EQ(explained["last_step"], 44);
    EXPECT_EQ(explained["attention"]["shape"], json::array({ 13, 3 }));
    EXPECT_EQ(explained["pooled"]["shape"], json::array({ 2048, 3 }));
    EXPECT_EQ(explained["hidden_linear"]["shape"], json::array({ 13, 64 }));
    EXPECT_EQ(explained["fc1"]["shape"], json::array({ 32 }));
    // Where each row looks: groups of steps of equal weight, heaviest first.
    ASSERT_EQ(explained["top_steps"].size(), 3u);
    for (const json& row : explained["top_steps"]) {
        EXPECT_TRUE(row["uniform"].is_boolean());
        ASSERT_FALSE(row["groups"].empty());
        EXPECT_GE(row["groups"][0]["steps"][0].get<int>(), 32);
    }

    const CommandResult score = vigilInProcess("score " + shellQuoted(dir + "/clip.npy")
        + " --classifier " + shellQuoted(checkpoint) + " -q -o " + shellQuoted(dir));
    ASSERT_EQ(score.exitCode, 0) << score.output;
    std::ifstream in(dir + "/clip.vigil.json");
    const json result = json::parse(in);
    EXPECT_NEAR(
        explained["score"].get<double>(), result["windows"][1]["score"].get<double>(), 1e-6);

    const CommandResult text = vigilInProcess("explain " + shellQuoted(dir + "/clip.npy")
        + " --classifier " + shellQuoted(checkpoint) + " --at 0");
    ASSERT_EQ(text.exitCode, 0) << text.output;
    for (const char* expected : { "[32, 2048]", "[32, 64]", "softmax over T", "[2048, 3]", "[6144]",
             "||AᵀA - I||_F", "score = sigmoid(fc2(fc1(flatten(" })
        EXPECT_NE(text.output.find(expected), std::string::npos) << expected << "\n" << text.output;

    const CommandResult missing = vigilInProcess("explain " + shellQuoted(dir + "/clip.npy")
        + " --classifier " + shellQuoted(checkpoint) + " --at 2");
    EXPECT_EQ(missing.exitCode, 1) << missing.output;
    EXPECT_NE(missing.output.find("has 2 windows"), std::string::npos) << missing.output;
}

TEST(ExplainCommand, ExplainsAWindowOfAVideo)
{
    const std::string dir = scratchDir("explain_video");
    const std::string clip = dir + "/walk.avi";
    ASSERT_TRUE(makeClip(clip, "testsrc2=size=160x120:rate=25", 40));
    const CommandResult run
        = vigilInProcess("explain " + shellQuoted(clip) + " --demo-weights --at 0");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    // Windows, rows and crops counted from 0, as --at and the desktop app count them.
    // The last snippet holds the 8 frames after the last whole one, as in the desktop app.
    EXPECT_NE(run.output.find("Window 0 (of 1, counted from 0): steps 0-1, frames 0-39, 0:00.0 to "
                              "0:01.6; crop 0 (of 1)"),
        std::string::npos)
        << run.output;
    EXPECT_NE(run.output.find("crop 0 (of 1)"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("  row 0:"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("  row 3:"), std::string::npos) << "r = 3: rows 0, 1, 2";
    EXPECT_NE(run.output.find("A [2, 3]"), std::string::npos) << run.output;
    // Progress on stderr while the features are extracted (not a terminal: plain lines).
    EXPECT_NE(run.output.find("walk.avi done: 40 frames"), std::string::npos) << run.output;
    const InProcessResult quiet
        = runInProcess(shellWords("explain " + shellQuoted(clip) + " --demo-weights -q"));
    EXPECT_EQ(quiet.err.find("walk.avi"), std::string::npos) << quiet.err;
}

TEST(ExplainCommand, RefusesFeaturesWithNoStepsInOneLine)
{
    // Zero steps made the window range "0..18446744073709551615" (an unsigned 0 - 1).
    const std::string dir = scratchDir("explain_empty");
    files::writeNpy(dir + "/empty.npy", FloatArray::zeros({ 0, 1, 2048 }));
    CommandResult run
        = vigilInProcess("explain " + shellQuoted(dir + "/empty.npy") + " --demo-weights");
    EXPECT_EQ(run.exitCode, 1) << run.output;
    run.output = withoutLinesHolding(run.output, "demo (seeded");
    EXPECT_EQ(run.output,
        "vigil: " + dir + "/empty.npy: has no feature steps, so no window to explain\n");
    EXPECT_EQ(run.output.find("18446744073709551615"), std::string::npos) << run.output;
}

TEST(ExplainCommand, SendsAResultFileToItsVideoInOneLine)
{
    const std::string dir = scratchDir("explain_result");
    const std::string result = dir + "/clip.vigil.json";
    std::ofstream(result) << "{}";
    const CommandResult run = vigilInProcess("explain " + shellQuoted(result));
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_EQ(run.output,
        "vigil: " + result
            + ": a Vigil result, not a video; explain reads the video it was made from, or a "
              ".npy of its features\n");
}

} // namespace
} // namespace vigil::test
