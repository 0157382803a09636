// Issue 21's start-up item, which needs a launch of the real vigil of its own: a SIGTERM at any
// moment of start-up exits with the documented 130. The other careless and hostile inputs run
// in-process: tests/unit/app/bad_input_messages_test.cpp.

#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

namespace vigil::test {
namespace {

const std::string kVigil = vigilExecutable();

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
TEST(StartUpSignals, ASigtermAtAnyMomentOfStartUpExitsWith130)
{
    const std::string dir = scratchDir("start_up_signals");
    ASSERT_TRUE(makeClip(dir + "/clip.mp4", "testsrc=size=64x48:rate=25", 20));
    ::setenv("VIGIL_CALIBRATION", "off", 0); // a cancelled run ends without measuring the CPU
    for (const int delayMs : { 0, 20, 50, 100, 200, 300 }) {
        SCOPED_TRACE("SIGTERM " + std::to_string(delayMs) + " ms into vigil's start-up");
        const pid_t child = spawnAnalyze(dir + "/clip.mp4", dir + "/sigterm-out");
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
