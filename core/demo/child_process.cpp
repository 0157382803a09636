#include "core/demo/child_process.h"

#include "core/common/error.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace vigil::demo {
namespace {

std::string lastLineOf(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    std::string last;
    while (std::getline(in, line))
        if (!line.empty())
            last = line;
    return last;
}

// Waits for the child; its pidfd makes the wait an event with a timeout, so a cancel is seen
// within 100 ms without a sleep loop. Returns the wait status.
int waitFor(pid_t child, const CancellationToken& cancel)
{
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, child, 0));
    for (;;) {
        if (cancel.isCancelled()) {
            ::kill(child, SIGKILL);
            ::waitpid(child, nullptr, 0);
            if (pidfd >= 0)
                ::close(pidfd);
            throw Cancelled();
        }
        if (pidfd >= 0) {
            pollfd ready { pidfd, POLLIN, 0 };
            ::poll(&ready, 1, 100);
        } else {
            ::usleep(100 * 1000); // kernels before 5.3 have no pidfd
        }
        int status = 0;
        if (::waitpid(child, &status, WNOHANG) == child) {
            if (pidfd >= 0)
                ::close(pidfd);
            return status;
        }
    }
}

} // namespace

void runProgram(const std::vector<std::string>& argv, const std::string& logPath,
    const CancellationToken& cancel)
{
    std::vector<char*> args;
    for (const std::string& arg : argv)
        args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(
        &actions, STDOUT_FILENO, logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    pid_t child = 0;
    const int failed = ::posix_spawnp(&child, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (failed != 0)
        throw Error("cannot run " + argv[0] + ": " + std::strerror(failed));
    const int status = waitFor(child, cancel);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return;
    const std::string how = WIFSIGNALED(status)
        ? "killed by signal " + std::to_string(WTERMSIG(status))
        : "exit status " + std::to_string(WEXITSTATUS(status));
    // A full disk leaves the log empty too: then the status is all there is to say.
    const std::string last = lastLineOf(logPath);
    throw Error(argv[0] + " failed (" + how
        + (last.empty() ? "; it wrote nothing to " + logPath + ": is the disk full?"
                        : ": " + last + "; the whole log is in " + logPath)
        + ")");
}

} // namespace vigil::demo
