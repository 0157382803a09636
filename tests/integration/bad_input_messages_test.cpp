// Issue 21's smaller items: each runs the real vigil on one careless or hostile input and checks
// the answer is one plain line, "vigil: <file>: <problem>", with the documented exit code.

#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;

const std::string kVigil = vigilExecutable();
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
        const CommandResult run = runCommand(kVigil + command + " -o " + shellQuoted(file) + kFast);
        EXPECT_EQ(run.exitCode, 1) << run.output;
        EXPECT_TRUE(
            hasLine(run.output, "vigil: " + file + ": is a file, not a folder (-o names a folder)"))
            << run.output;
    }
    const CommandResult below
        = runCommand(kVigil + " analyze " + clip + " -o " + shellQuoted(file + "/sub") + kFast);
    EXPECT_TRUE(
        hasLine(below.output, "vigil: " + file + ": is a file, not a folder (-o names a folder)"))
        << below.output;
    EXPECT_EQ(below.output.find("filesystem error"), std::string::npos);
}

TEST_F(BadInputMessages, AnEmptyFileHasOneMessageEverywhere)
{
    fs::create_directories(dir_ + "/empty");
    const std::string zero = dir_ + "/empty/zero.mp4";
    std::ofstream { zero };
    const CommandResult analyze = runCommand(
        kVigil + " analyze " + shellQuoted(zero) + " -o " + shellQuoted(dir_ + "/out") + kFast);
    EXPECT_EQ(analyze.exitCode, 1) << analyze.output;
    EXPECT_TRUE(hasLine(analyze.output, "vigil: " + zero + ": empty file (0 bytes)"))
        << analyze.output;
    const CommandResult batch = runCommand(kVigil + " batch " + shellQuoted(dir_ + "/empty")
        + " -o " + shellQuoted(dir_ + "/empty-out") + kFast);
    EXPECT_TRUE(hasLine(batch.output, "vigil: " + zero + ": empty file (0 bytes)")) << batch.output;
}

TEST_F(BadInputMessages, AStillImageIsCalledOne)
{
    const std::string image = dir_ + "/photo.jpg";
    ASSERT_EQ(runCommand("ffmpeg -nostdin -y -v error -f lavfi -i testsrc=size=640x480 -frames:v 1 "
                  + shellQuoted(image))
                  .exitCode,
        0);
    const CommandResult run = runCommand(
        kVigil + " analyze " + shellQuoted(image) + " -o " + shellQuoted(dir_ + "/out") + kFast);
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
        const CommandResult run = runCommand(
            kVigil + " clips " + shellQuoted(path) + " -o " + shellQuoted(dir_ + "/clips"));
        EXPECT_NE(run.exitCode, 0) << run.output;
        EXPECT_EQ(run.output.find("json.exception"), std::string::npos) << run.output;
        EXPECT_EQ(run.output.find("key '"), std::string::npos) << run.output;
        EXPECT_EQ(problemLines(run.output).size(), 1u) << run.output;
    }
    EXPECT_NE(
        runCommand(kVigil + " clips " + shellQuoted(notResult) + " -o x").output.find("has no \""),
        std::string::npos);
    EXPECT_NE(runCommand(kVigil + " clips " + shellQuoted(broken) + " -o x")
                  .output.find("not valid JSON"),
        std::string::npos);

    const std::string npy = dir_ + "/sidecar.npy";
    files::writeNpy(npy, FloatArray::zeros({ 4, 1, 2048 }));
    std::ofstream(dir_ + "/sidecar.json") << "{\"snippet_frames\": \"sixteen\"}\n";
    const CommandResult score = runCommand(kVigil + " score " + shellQuoted(npy)
        + " --demo-weights -o " + shellQuoted(dir_ + "/score-out"));
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
    const CommandResult run = runCommand(
        kVigil + " analyze " + shellQuoted(name) + " -o " + shellQuoted(dir_ + "/out") + kFast);
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("csi\\u009b2J-caf\\xe9.mp4"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("\xc2\x9b"), std::string::npos) << run.output;
    EXPECT_EQ(run.output.find("\xe9."), std::string::npos) << run.output;
}

TEST_F(BadInputMessages, ScoringFeaturesWithoutStepsFailsInOneLine)
{
    const std::string npy = dir_ + "/empty.npy";
    files::writeNpy(npy, FloatArray::zeros({ 0, 1, 2048 }));
    const CommandResult run = runCommand(kVigil + " score " + shellQuoted(npy)
        + " --demo-weights -o " + shellQuoted(dir_ + "/empty-score"));
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_TRUE(
        hasLine(run.output, "vigil: " + npy + ": has no feature steps, so nothing to score"))
        << run.output;
}

// `vigil analyze` of the clip, its output thrown away, started by posix_spawn, which returns once
// the child is executing vigil, so no signal is taken by the test's own copy of itself.
pid_t spawnAnalyze(const std::string& clip, const std::string& out)
{
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    std::vector<std::string> words { kVigil, "analyze", clip, "-o", out, "--demo-weights", "-q" };
    std::vector<char*> argv;
    for (std::string& word : words)
        argv.push_back(word.data());
    argv.push_back(nullptr);
    pid_t child = -1;
    const int failed
        = ::posix_spawn(&child, kVigil.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    return failed == 0 ? child : -1;
}

// Whether `pid` blocks or catches SIGTERM now (SigBlk, SigCgt in /proc/<pid>/status).
bool holdsOffSigterm(pid_t pid)
{
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    bool holdsOff = false;
    for (std::string line; std::getline(status, line);)
        if (line.rfind("SigBlk:", 0) == 0 || line.rfind("SigCgt:", 0) == 0)
            holdsOff
                = holdsOff || ((std::stoull(line.substr(7), nullptr, 16) >> (SIGTERM - 1)) & 1);
    return holdsOff;
}

// Whether the dynamic loader has begun in `pid`: a shared object is mapped.
bool hasSharedObjects(pid_t pid)
{
    std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
    for (std::string line; std::getline(maps, line);)
        if (line.find(".so.") != std::string::npos
            || (line.size() > 3 && line.compare(line.size() - 3, 3, ".so") == 0))
            return true;
    return false;
}

// Issue 21 item 15: SIGTERM gives the documented 130 at any moment of start-up. The handler used
// to come after the dynamic loader, ~80 ms relocating LibTorch, Qt and FFmpeg, when a SIGTERM
// gave 143; now the launcher (app/launcher.cpp) blocks it before the loader starts. The delays
// count from when vigil first holds SIGTERM off, not from the spawn: the kernel's own execve can
// be held up for milliseconds on a loaded machine, and a signal then ends any program. That the
// loader never runs unprotected is checked on every look taken while waiting.
TEST_F(BadInputMessages, ASigtermAtAnyMomentOfStartUpExitsWith130)
{
    ::setenv("VIGIL_CALIBRATION", "off", 0); // a cancelled run ends without measuring the CPU
    for (const int delayMs : { 0, 20, 50, 100, 200, 300 }) {
        SCOPED_TRACE("SIGTERM " + std::to_string(delayMs) + " ms into vigil's start-up");
        const pid_t child = spawnAnalyze(dir_ + "/clip.mp4", dir_ + "/sigterm-out");
        ASSERT_GT(child, 0);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        bool isLoadedUnprotected = false;
        // Maps first: a loader seen at work that still does not hold SIGTERM off was unprotected.
        for (bool isLoading = hasSharedObjects(child); !holdsOffSigterm(child);
             isLoading = hasSharedObjects(child)) {
            isLoadedUnprotected = isLoadedUnprotected || isLoading;
            ASSERT_LT(std::chrono::steady_clock::now(), deadline);
        }
        EXPECT_FALSE(isLoadedUnprotected) << "the dynamic loader ran before SIGTERM was held off";
        std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
        ::kill(child, SIGTERM);
        int status = 0;
        ASSERT_EQ(::waitpid(child, &status, 0), child);
        ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
        EXPECT_EQ(WEXITSTATUS(status), 130);
    }
}

} // namespace
} // namespace vigil::test
