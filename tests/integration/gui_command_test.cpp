// Runs the real `vigil gui` where there is no display, with Qt's offscreen platform under a
// SIGTERM, and on installed weights with --demo-weights: one line and exit 2 for the first, a
// clean exit on the first signal for the second, only the missing network filled for the third.

#include "tests/support/i3d_caffe2_file.h"
#include "tests/support/run_command.h"
#include "tests/support/test_locations.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace vigil::test {
namespace {

const std::string kVigil = vigilExecutable();

TEST(GuiCommand, WithoutADisplaySaysSoInOneLineInsteadOfAborting)
{
    for (const std::string command : { " gui", "" }) { // `vigil` alone opens the GUI too
        SCOPED_TRACE(command);
        const CommandResult run
            = runCommand("env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM= " + kVigil + command);
        EXPECT_EQ(run.exitCode, 2) << run.output; // was SIGABRT (exit 134) with Qt's plugin message
        EXPECT_EQ(run.output.rfind("vigil: gui: needs a display", 0), 0u) << run.output;
        EXPECT_NE(run.output.find("vigil analyze and vigil batch need none"), std::string::npos);
        EXPECT_EQ(run.output.find('\n'), run.output.size() - 1) << run.output;
    }
}

// The exit status of `pid` once it has ended, or nullopt when it is still running after `limit`.
std::optional<int> waitFor(pid_t pid, std::chrono::seconds limit)
{
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (::waitpid(pid, &status, WNOHANG) == pid)
            return status;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return std::nullopt;
}

// Whether `pid` has loaded Qt's offscreen platform plugin (its QApplication exists: from then on
// a SIGTERM must close the window) within `limit`; a readiness probe instead of a guessed sleep.
bool waitForQt(pid_t pid, std::chrono::seconds limit)
{
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
        for (std::string line; std::getline(maps, line);)
            if (line.find("libqoffscreen") != std::string::npos)
                return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

TEST(GuiCommand, TheFirstSigtermClosesTheAppCleanly)
{
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, STDOUT_FILENO);
        ::dup2(null, STDERR_FILENO);
        ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
        ::execl(kVigil.c_str(), kVigil.c_str(), "gui", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ASSERT_TRUE(waitForQt(pid, std::chrono::seconds(30))) << "vigil gui never started Qt";
    ASSERT_FALSE(waitFor(pid, std::chrono::seconds(0))) << "vigil gui ended before the signal";
    ::kill(pid, SIGTERM);
    const std::optional<int> status = waitFor(pid, std::chrono::seconds(10));
    if (!status) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
        FAIL() << "vigil gui was still running 10 s after the first SIGTERM";
    }
    ASSERT_TRUE(WIFEXITED(*status)) << "ended by signal " << WTERMSIG(*status);
    EXPECT_EQ(WEXITSTATUS(*status), 130); // kExitCancelled: interrupted
}

// The desktop app resolves weights through the same engine as the command line: with
// --demo-weights (as with its "Continue with demo weights") the installed backbone stays
// imported in what it shows.
TEST(GuiCommand, DemoWeightsFillOnlyTheMissingNetwork)
{
    const std::string dir = scratchDir("gui_demo_fill");
    const std::string clip = dir + "/clip.avi";
    ASSERT_TRUE(makeClip(clip, "testsrc2=size=160x120:rate=25", 40));
    const std::string models = "VIGIL_MODELS_DIR=" + shellQuoted(dir + "/models") + " ";
    const std::string pkl = dir + "/i3d_baseline_32x2_IN_pretrain_400k.pkl";
    writeI3dCaffe2File(pkl);
    ASSERT_EQ(runCommand(
                  models + kVigil + " models import " + shellQuoted(pkl) + " --as i3d-r50-kinetics")
                  .exitCode,
        0);
    const std::string shot = dir + "/gui-demo-fill.png";
    const CommandResult run = runCommand("QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="
        + shellQuoted(dir + "/gui-config") + " " + models + kVigil + " gui " + shellQuoted(clip)
        + " --demo-weights --screenshot " + shellQuoted(shot));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_TRUE(std::filesystem::exists(shot));
    EXPECT_NE(
        run.output.find("classifier: DEMO \u00b7 backbone: imported (sha256 "), std::string::npos)
        << run.output;
}

} // namespace
} // namespace vigil::test
