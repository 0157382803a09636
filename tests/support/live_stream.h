#pragma once
// Live sources for vigil watch tests, all on 127.0.0.1: a background process (ffmpeg publishing
// a lavfi clip, a silent server) that the destructor stops, and free ports to put them on.

#include <arpa/inet.h>
#include <chrono>
#include <csignal>
#include <cstdio>
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

// Waits until a TCP socket listens on 127.0.0.1:`port` (/proc/net/tcp says so), without
// connecting: a `-listen 1` server serves only its first client. False after `seconds`.
inline bool waitForListener(int port, double seconds = 30.0)
{
    char local[16];
    std::snprintf(local, sizeof(local), "0100007F:%04X", port);
    const auto deadline = std::chrono::steady_clock::now()
        + std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000));
    while (std::chrono::steady_clock::now() < deadline) {
        std::ifstream table("/proc/net/tcp");
        std::string line;
        while (std::getline(table, line)) {
            std::istringstream fields(line);
            std::string slot, address, remote, state;
            fields >> slot >> address >> remote >> state;
            if (address == local && state == "0A") // TCP_LISTEN
                return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
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
