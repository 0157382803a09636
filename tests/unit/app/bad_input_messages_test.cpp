// Issue 21's smaller items: each runs the vigil command line (in this process, runInProcess) on
// one careless or hostile input and checks the answer is one plain line, "vigil: <file>:
// <problem>", with the documented exit code. tests/integration/bad_input_messages_test.cpp keeps
// what needs a launch of its own: signals during start-up.

#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/scoped_environment.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;

const std::string kFast = " --demo-weights --backbone resnet50 --frame-step 10 -q";

// Whether output holds `line` as a line of its own.
bool hasLine(const std::string& output, const std::string& line)
{
    return ("\n" + output).find("\n" + line + "\n") != std::string::npos;
}

// The lines of output that start with "vigil: " and are not warnings: the problems reported.
std::vector<std::string> problemLines(const std::string& output)
{
    std::vector<std::string> lines;
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("vigil: ", 0) == 0 && line.rfind("vigil: warning: ", 0) != 0)
            lines.push_back(line);
    return lines;
}

class BadInputMessages : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("bad_input_messages");
        ASSERT_TRUE(makeClip(dir_ + "/clip.mp4", "testsrc=size=64x48:rate=25", 20));
        std::ofstream(dir_ + "/a-file") << "not a folder\n";
    }
    static std::string dir_;
};
std::string BadInputMessages::dir_;

TEST_F(BadInputMessages, AnOutputFolderThatIsAFileIsOneLine)
{
    const std::string file = dir_ + "/a-file";
    const std::string clip = shellQuoted(dir_ + "/clip.mp4");
    for (const std::string& command : { " analyze " + clip, " features " + clip }) {
        SCOPED_TRACE(command);
        const CommandResult run = vigilInProcess(command + " -o " + shellQuoted(file) + kFast);
        EXPECT_EQ(run.exitCode, 1) << run.output;
        EXPECT_TRUE(
            hasLine(run.output, "vigil: " + file + ": is a file, not a folder (-o names a folder)"))
            << run.output;
    }
    const CommandResult below
        = vigilInProcess(" analyze " + clip + " -o " + shellQuoted(file + "/sub") + kFast);
    EXPECT_TRUE(
        hasLine(below.output, "vigil: " + file + ": is a file, not a folder (-o names a folder)"))
        << below.output;
    EXPECT_EQ(below.output.find("filesystem error"), std::string::npos);
    // Issue 40 item 8: watch said "filesystem error: cannot create directories: ...".
    const CommandResult watch = vigilInProcess(
        " watch http://127.0.0.1:9/s.ts -o " + shellQuoted(file) + " --demo-weights -q");
    EXPECT_EQ(watch.exitCode, 1) << watch.output;
    EXPECT_TRUE(
        hasLine(watch.output, "vigil: " + file + ": is a file, not a folder (-o names a folder)"))
        << watch.output;
    EXPECT_EQ(watch.output.find("filesystem error"), std::string::npos);
}

TEST_F(BadInputMessages, AnEmptyFileHasOneMessageEverywhere)
{
    fs::create_directories(dir_ + "/empty");
    const std::string zero = dir_ + "/empty/zero.mp4";
    std::ofstream { zero };
    const CommandResult analyze = vigilInProcess(
        " analyze " + shellQuoted(zero) + " -o " + shellQuoted(dir_ + "/out") + kFast);
    EXPECT_EQ(analyze.exitCode, 1) << analyze.output;
    EXPECT_TRUE(hasLine(analyze.output, "vigil: " + zero + ": empty file (0 bytes)"))
        << analyze.output;
    const CommandResult batch = vigilInProcess(" batch " + shellQuoted(dir_ + "/empty") + " -o "
        + shellQuoted(dir_ + "/empty-out") + kFast);
    EXPECT_TRUE(hasLine(batch.output, "vigil: " + zero + ": empty file (0 bytes)")) << batch.output;
    // Issue 40 item 8: weights too, not "not a PyTorch state-dict file".
    const std::string weights = dir_ + "/empty/zero.pth";
    std::ofstream { weights };
    const ScopedEnvironment models("VIGIL_MODELS_DIR", dir_ + "/models");
    const CommandResult import
        = vigilInProcess(" models import " + shellQuoted(weights) + " --as da64-r3");
    EXPECT_EQ(import.exitCode, 1) << import.output;
    EXPECT_TRUE(hasLine(import.output, "vigil: " + weights + ": empty file (0 bytes)"))
        << import.output;
}

TEST_F(BadInputMessages, AStillImageIsCalledOne)
{
    const std::string image = dir_ + "/photo.jpg";
    ASSERT_EQ(runCommand("ffmpeg -nostdin -y -v error -f lavfi -i testsrc=size=640x480 -frames:v 1 "
                  + shellQuoted(image))
                  .exitCode,
        0);
    const CommandResult run = vigilInProcess(
        " analyze " + shellQuoted(image) + " -o " + shellQuoted(dir_ + "/out") + kFast);
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_TRUE(hasLine(run.output, "vigil: " + image + ": a still image, not a video"))
        << run.output;
}

TEST_F(BadInputMessages, JsonLibraryTextsDoNotReachUsers)
{
    const std::string notResult = dir_ + "/other.vigil.json";
    std::ofstream(notResult) << "{\"frames\": 3}\n";
    const std::string broken = dir_ + "/broken.vigil.json";
    std::ofstream(broken) << "{\"frames\": \n";
    for (const std::string& path : { notResult, broken }) {
        SCOPED_TRACE(path);
        const CommandResult run
            = vigilInProcess("clips " + shellQuoted(path) + " -o " + shellQuoted(dir_ + "/clips"));
        EXPECT_NE(run.exitCode, 0) << run.output;
        EXPECT_EQ(run.output.find("json.exception"), std::string::npos) << run.output;
        EXPECT_EQ(run.output.find("key '"), std::string::npos) << run.output;
        EXPECT_EQ(problemLines(run.output).size(), 1u) << run.output;
    }
    EXPECT_NE(vigilInProcess(" clips " + shellQuoted(notResult) + " -o x").output.find("has no \""),
        std::string::npos);
    EXPECT_NE(
        vigilInProcess(" clips " + shellQuoted(broken) + " -o x").output.find("not valid JSON"),
        std::string::npos);

    const std::string npy = dir_ + "/sidecar.npy";
    files::writeNpy(npy, FloatArray::zeros({ 4, 1, 2048 }));
    std::ofstream(dir_ + "/sidecar.json") << "{\"snippet_frames\": \"sixteen\"}\n";
    const CommandResult score = vigilInProcess(
        " score " + shellQuoted(npy) + " --demo-weights -o " + shellQuoted(dir_ + "/score-out"));
    EXPECT_EQ(score.exitCode, 1) << score.output;
    EXPECT_EQ(score.output.find("json.exception"), std::string::npos) << score.output;
    ASSERT_EQ(problemLines(score.output).size(), 1u) << score.output;
    EXPECT_EQ(problemLines(score.output)[0].rfind("vigil: " + dir_ + "/sidecar.json: ", 0), 0u)
        << score.output;
}

TEST_F(BadInputMessages, C1ControlsAndBytesThatAreNotUtf8AreEscaped)
{
    const std::string name = dir_
        + "/csi\xc2\x9b"
          "2J-caf\xe9.mp4";
    const CommandResult run = vigilInProcess(
        " analyze " + shellQuoted(name) + " -o " + shellQuoted(dir_ + "/out") + kFast);
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("csi\\u009b2J-caf\\xe9.mp4"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("\xc2\x9b"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("\xe9."), std::string::npos) << run.output;
}

TEST_F(BadInputMessages, ScoringFeaturesWithoutStepsFailsInOneLine)
{
    const std::string npy = dir_ + "/empty.npy";
    files::writeNpy(npy, FloatArray::zeros({ 0, 1, 2048 }));
    const CommandResult run = vigilInProcess(
        " score " + shellQuoted(npy) + " --demo-weights -o " + shellQuoted(dir_ + "/empty-score"));
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_TRUE(
        hasLine(run.output, "vigil: " + npy + ": has no feature steps, so nothing to score"))
        << run.output;
}

} // namespace
} // namespace vigil::test
