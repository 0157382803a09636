#pragma once
// Test videos for the benchmarks: made once per size with ffmpeg's lavfi test source (H.264,
// moving content) under $TMPDIR, or taken from VIGIL_BENCH_VIDEO_<W>x<H> when set.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace vigil::bench {

inline std::string benchVideo(int width, int height, int frames = 64)
{
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    if (const char* given = std::getenv(("VIGIL_BENCH_VIDEO_" + size).c_str()))
        return given;
    const std::filesystem::path path = std::filesystem::temp_directory_path()
        / ("vigil-bench-" + size + "-" + std::to_string(frames) + ".mp4");
    if (!std::filesystem::exists(path)) {
        const std::string partial = path.string() + ".part.mp4";
        const std::string command = "ffmpeg -v error -y -f lavfi -i testsrc2=size=" + size
            + ":rate=30 -frames:v " + std::to_string(frames)
            + " -c:v libx264 -pix_fmt yuv420p -preset veryfast '" + partial + "'";
        if (std::system(command.c_str()) != 0)
            throw std::runtime_error("could not make a test video: " + command);
        std::filesystem::rename(partial, path);
    }
    return path.string();
}

} // namespace vigil::bench
