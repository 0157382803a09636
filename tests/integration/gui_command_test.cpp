// Runs the real `vigil gui` where there is no display, and with Qt's offscreen platform under a
// SIGTERM: one line and exit 2 for the first, a clean exit on the first signal for the second.

#include "tests/support/run_command.h"
#include "tests/support/test_locations.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
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
    // Long enough for the window to be up and the event loop running.
    std::this_thread::sleep_for(std::chrono::seconds(3));
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

} // namespace
} // namespace vigil::test
