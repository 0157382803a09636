#pragma once
// Runs a shell command for integration tests and captures what it printed and its exit code.

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace vigil::test {

struct CommandResult {
    int exitCode = -1;
    std::string output; // stdout and stderr together
};

inline CommandResult runCommand(const std::string& command)
{
    CommandResult result;
    FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
    if (pipe == nullptr)
        return result;
    std::array<char, 4096> buffer {};
    while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe) != nullptr)
        result.output += buffer.data();
    const int status = ::pclose(pipe);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

inline std::string shellQuoted(const std::string& text)
{
    std::string quoted = "'";
    for (char c : text)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

// Makes a clip with ffmpeg's lavfi test source; returns false if ffmpeg failed.
inline bool makeClip(const std::string& path, const std::string& source, int frames,
    const std::string& codecArgs = "-c:v mpeg4 -q:v 2")
{
    const std::string command = "ffmpeg -nostdin -y -v error -f lavfi -i " + source + " -frames:v "
        + std::to_string(frames) + " " + codecArgs + " " + shellQuoted(path);
    return runCommand(command).exitCode == 0;
}

} // namespace vigil::test
