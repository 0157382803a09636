#include "core/live/exec_hook.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace vigil::live {

ExecHook::ExecHook(std::string command)
    : command_(std::move(command))
{
    // A hook that exits without reading its input must not kill Vigil with SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
}

ExecHook::~ExecHook()
{
    reap(true);
}

std::string ExecHook::run(const std::string& json)
{
    reap(false);
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return std::string("cannot start --exec: ") + std::strerror(errno);
    const pid_t child = ::fork();
    if (child < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return std::string("cannot start --exec: ") + std::strerror(errno);
    }
    if (child == 0) {
        ::dup2(fds[0], STDIN_FILENO);
        ::execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::close(fds[0]);
    // The line is far below the pipe's buffer, so this write does not wait for the child.
    const std::string line = json + "\n";
    [[maybe_unused]] const ssize_t written = ::write(fds[1], line.data(), line.size());
    ::close(fds[1]);
    children_.push_back(child);
    return {};
}

void ExecHook::reap(bool shouldWait)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (!children_.empty()) {
        for (auto it = children_.begin(); it != children_.end();)
            it = ::waitpid(*it, nullptr, WNOHANG) != 0 ? children_.erase(it) : it + 1;
        if (!shouldWait || children_.empty() || std::chrono::steady_clock::now() > deadline)
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

} // namespace vigil::live
