#pragma once
// A real HTTP server on 127.0.0.1 for download tests: tests/support/test_http_server.py, run
// with Debian's python3 as a child process of the test. It serves the files of one folder and
// can misbehave on purpose (flags in the script). The destructor stops the child it started.

#include "tests/support/test_locations.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <poll.h>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace vigil::test {

class LocalHttpServer {
public:
    // `flags`: e.g. {"--drop-after", "1000"}; see the script's --help.
    LocalHttpServer(
        const std::string& root, const std::string& logPath, std::vector<std::string> flags = {})
        : logPath_(logPath)
    {
        const std::string python
            = ::access("/usr/bin/python3", X_OK) == 0 ? "/usr/bin/python3" : "python3";
        std::vector<std::string> args
            = { python, sourceDir() + "/tests/support/test_http_server.py", "--root", root, "--log",
                  logPath, "--lifetime", "120" };
        args.insert(args.end(), flags.begin(), flags.end());
        std::vector<char*> argv;
        for (std::string& arg : args)
            argv.push_back(arg.data());
        argv.push_back(nullptr);

        int fds[2];
        if (::pipe(fds) != 0)
            return;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
        posix_spawn_file_actions_addclose(&actions, fds[0]);
        const int spawned = ::posix_spawnp(&pid_, argv[0], &actions, nullptr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        ::close(fds[1]);
        output_ = fds[0];
        if (spawned != 0) {
            pid_ = -1;
            return;
        }
        port_ = readPort();
    }

    ~LocalHttpServer()
    {
        if (pid_ > 0) {
            ::kill(pid_, SIGTERM);
            ::waitpid(pid_, nullptr, 0);
        }
        if (output_ >= 0)
            ::close(output_);
    }

    LocalHttpServer(const LocalHttpServer&) = delete;
    LocalHttpServer& operator=(const LocalHttpServer&) = delete;

    bool isRunning() const { return port_ > 0; }
    std::string url(const std::string& path = "") const
    {
        return "http://127.0.0.1:" + std::to_string(port_) + (path.empty() ? "" : "/" + path);
    }
    // One line per request: "GET /path <Range header or ->".
    std::vector<std::string> requests() const
    {
        std::ifstream in(logPath_);
        std::vector<std::string> lines;
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
        return lines;
    }

private:
    // The script prints its port once it listens; wait for that line, but not forever.
    int readPort()
    {
        std::string line;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
        while (std::chrono::steady_clock::now() < deadline) {
            pollfd request { output_, POLLIN, 0 };
            if (::poll(&request, 1, 200) <= 0)
                continue;
            char c = 0;
            if (::read(output_, &c, 1) != 1)
                return 0;
            if (c == '\n')
                return std::atoi(line.c_str());
            line += c;
        }
        return 0;
    }

    std::string logPath_;
    pid_t pid_ = -1;
    int output_ = -1;
    int port_ = 0;
};

} // namespace vigil::test
