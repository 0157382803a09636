#pragma once
// Clips the ffmpeg tool makes at test time for the VideoDecoder tests, and small helpers over
// them. Each test names its own clip, so tests that CTest runs in parallel never share a file.

#include "core/media/video_decoder.h"
#include "tests/support/test_paths.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace vigil::test::decoder_clips {

constexpr int kClipFrames = 40;
constexpr double kClipFps = 25.0;
constexpr const char* kNoFfmpeg = "the ffmpeg tool is not installed; it makes the test clips";

inline std::filesystem::path clipFolder()
{
    static const std::string folder = vigil::test::scratchDir("video_decoder");
    return folder;
}

inline bool runs(const std::string& command)
{
    return std::system(command.c_str()) == 0;
}

inline bool hasFfmpeg()
{
    static const bool isPresent = runs("ffmpeg -version > /dev/null 2>&1");
    return isPresent;
}

inline bool hasEncoder(const std::string& encoder)
{
    static std::map<std::string, bool> known;
    if (auto found = known.find(encoder); found != known.end())
        return found->second;
    return known[encoder]
        = runs("ffmpeg -hide_banner -encoders 2>/dev/null | grep -qw '" + encoder + "'");
}

// Runs `ffmpeg <arguments> <folder/name>` and returns the output path. Each test uses its own
// name, so tests that CTest runs in parallel never share a file.
inline std::string makeClip(const std::string& name, const std::string& arguments)
{
    const std::string path = (clipFolder() / name).string();
    const std::string command = "ffmpeg -y -nostdin -v error " + arguments + " '" + path + "'";
    if (!runs(command))
        throw std::runtime_error("ffmpeg failed: " + command);
    return path;
}

inline std::string testPattern(const std::string& size)
{
    return "-f lavfi -i testsrc2=size=" + size + ":rate=25 -frames:v "
        + std::to_string(kClipFrames);
}

inline std::vector<vigil::media::VideoFrame> decodeAll(vigil::media::VideoDecoder& decoder)
{
    std::vector<vigil::media::VideoFrame> frames;
    while (auto frame = decoder.next())
        frames.push_back(std::move(*frame));
    return frames;
}

inline void writeBytes(const std::string& path, const std::vector<char>& bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

} // namespace vigil::test::decoder_clips
