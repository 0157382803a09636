#pragma once
// Live sources for vigil watch tests, all on 127.0.0.1: a background process (ffmpeg publishing
// a lavfi clip, a silent server) that the destructor stops, and free ports to put them on.

#include <arpa/inet.h>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <netinet/in.h>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace vigil::test {

// A port the kernel just gave out, for `type` SOCK_STREAM or SOCK_DGRAM; 0 on failure.
inline int freePort(int type = SOCK_STREAM)
{
    const int fd = ::socket(AF_INET, type, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof(address);
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), size) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

// `/bin/sh -c "exec COMMAND"`: the pid is the command's own. Stopped (SIGKILL) and reaped by
// stop() or the destructor.
class BackgroundProcess {
public:
    explicit BackgroundProcess(const std::string& command)
    {
        const std::string line = "exec " + command;
        const char* argv[] = { "/bin/sh", "-c", line.c_str(), nullptr };
        if (::posix_spawn(&pid_, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ)
            != 0)
            pid_ = -1;
    }
    ~BackgroundProcess() { stop(); }
    BackgroundProcess(const BackgroundProcess&) = delete;
    BackgroundProcess& operator=(const BackgroundProcess&) = delete;

    bool isStarted() const { return pid_ > 0; }
    pid_t pid() const { return pid_; }
    void signal(int number) const
    {
        if (pid_ > 0)
            ::kill(pid_, number);
    }
    // The exit code, or -1 when it was killed by a signal or still ran after `seconds` (it is
    // then killed: a test never hangs on it).
    int wait(double seconds = 60.0)
    {
        const auto deadline = std::chrono::steady_clock::now()
            + std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000));
        int status = 0;
        while (pid_ > 0) {
            const pid_t done = ::waitpid(pid_, &status, WNOHANG);
            if (done == pid_) {
                pid_ = -1;
                return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            }
            if (done < 0 || std::chrono::steady_clock::now() > deadline)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        stop();
        return -1;
    }
    void stop()
    {
        if (pid_ <= 0)
            return;
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }

private:
    pid_t pid_ = -1;
};

// Whether something listens on TCP `port` (/proc/net/tcp, state 0A), found without connecting:
// ffmpeg's `-listen 1` server serves only its first connection.
inline bool isListening(int port)
{
    char wanted[8];
    std::snprintf(wanted, sizeof wanted, ":%04X", port);
    std::ifstream table("/proc/net/tcp");
    std::string line;
    std::getline(table, line); // the header
    while (std::getline(table, line)) {
        std::istringstream fields(line);
        std::string slot, local, remote, state;
        fields >> slot >> local >> remote >> state;
        if (state == "0A" && local.size() > 5 && local.compare(local.size() - 5, 5, wanted) == 0)
            return true;
    }
    return false;
}

// A readiness probe instead of a sleep: waits until the server of `url` (scheme://host:PORT/...)
// listens; false after `seconds`.
inline bool waitUntilListening(const std::string& url, double seconds)
{
    const int port = std::atoi(url.c_str() + url.rfind(':') + 1);
    const auto deadline = std::chrono::steady_clock::now()
        + std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000));
    while (std::chrono::steady_clock::now() < deadline) {
        if (isListening(port))
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

// ffmpeg publishing `seconds` of a lavfi source in real time (-re), MPEG-2 in MPEG-TS, one
// keyframe a second, as `-listen 1` HTTP server, TCP server or UDP sender at `url`.
inline std::string publishCommand(const std::string& lavfi, double seconds, const std::string& url)
{
    std::string command = "ffmpeg -nostdin -v error -re -f lavfi -i '" + lavfi + "' -t "
        + std::to_string(seconds) + " -c:v mpeg2video -q:v 4 -g 25 -f mpegts ";
    if (url.rfind("http", 0) == 0)
        command += "-listen 1 ";
    return command + "'" + url + "'";
}

} // namespace vigil::test
