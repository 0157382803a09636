#include "core/demo/demo_layout.h"

#include "core/common/cache_folder.h"

#include "core/common/error.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace vigil::demo {

DemoLayout planDemo(int64_t sourceFrames, double fps, double seconds)
{
    DemoLayout layout;
    layout.fps = fps;
    layout.frames = sourceFrames;
    if (seconds > 0 && fps > 0)
        layout.frames = std::min(sourceFrames, static_cast<int64_t>(std::floor(seconds * fps)));
    layout.steps = layout.frames / kSnippetFrames;
    if (layout.steps < 8)
        throw Error("a demo needs at least 8 snippets (" + std::to_string(8 * kSnippetFrames)
            + " frames); the source has " + std::to_string(layout.frames));
    // A tenth of the video, at least 3 steps (5 s at 10 fps), starting a little after the middle,
    // so that normal video comes before and after it.
    layout.event.steps = std::max<int64_t>(3, (layout.steps + 9) / 10);
    layout.event.firstStep = layout.steps * 11 / 20;
    layout.event.firstStep
        = std::min(layout.event.firstStep, layout.steps - layout.event.steps - 1);
    return layout;
}

std::vector<std::string> ffmpegArguments(const std::string& source, const std::string& target,
    const DemoLayout& layout, FrameRange inverted)
{
    std::vector<std::string> args { "ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error",
        "-y", "-i", source, "-frames:v", std::to_string(layout.frames), "-an", "-sn" };
    if (inverted.last >= inverted.first)
        args.insert(args.end(),
            { "-vf",
                "negate=enable='between(n," + std::to_string(inverted.first) + ","
                    + std::to_string(inverted.last) + ")'" });
    args.insert(args.end(), { "-c:v", "mpeg4", "-q:v", "3", "-f", "matroska", target });
    return args;
}

EventContrast eventContrast(const std::vector<float>& frameScores, const DemoEvent& event)
{
    EventContrast contrast;
    double inside = 0.0;
    double outside = 0.0;
    int64_t insideCount = 0;
    int64_t outsideCount = 0;
    for (size_t i = 0; i < frameScores.size(); ++i) {
        const auto frame = static_cast<int64_t>(i);
        if (frame >= event.firstFrame() && frame <= event.lastFrame()) {
            inside += frameScores[i];
            ++insideCount;
        } else {
            outside += frameScores[i];
            ++outsideCount;
            contrast.maxOutside = std::max<double>(contrast.maxOutside, frameScores[i]);
        }
    }
    contrast.meanInside = insideCount > 0 ? inside / static_cast<double>(insideCount) : 0.0;
    contrast.meanOutside = outsideCount > 0 ? outside / static_cast<double>(outsideCount) : 0.0;
    return contrast;
}

std::string defaultDemoRoot(const std::function<std::string(const char*)>& environment)
{
    return vigilCacheFolder(environment) + "/demo";
}

std::string demoFolderName(const DemoRequest& request)
{
    const std::string stem = std::filesystem::path(request.sourceVideo).stem().string();
    if (request.seconds <= 0)
        return stem + "-all";
    return stem + "-first-" + std::to_string(static_cast<int64_t>(std::round(request.seconds)))
        + "s";
}

} // namespace vigil::demo
