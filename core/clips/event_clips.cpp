#include "core/clips/event_clips.h"

#include "core/common/error.h"
#include "core/media/video_probe.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string_view>

namespace vigil::clips {
namespace {

namespace fs = std::filesystem;

// FFmpeg names a demuxer by the formats it reads, comma separated ("matroska,webm").
bool isDemuxerOf(std::string_view containerName, std::string_view format)
{
    while (!containerName.empty()) {
        const size_t comma = containerName.find(',');
        if (containerName.substr(0, comma) == format)
            return true;
        if (comma == std::string_view::npos)
            break;
        containerName.remove_prefix(comma + 1);
    }
    return false;
}

std::string lowerExtension(const std::string& path)
{
    std::string extension = fs::path(path).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
        [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return extension;
}

} // namespace

std::string clipExtensionFor(const std::string& containerName, const std::string& videoPath)
{
    if (isDemuxerOf(containerName, "mov") || isDemuxerOf(containerName, "mp4"))
        return lowerExtension(videoPath) == ".mov" ? ".mov" : ".mp4";
    if (isDemuxerOf(containerName, "avi"))
        return ".avi";
    if (isDemuxerOf(containerName, "mpegts"))
        return ".ts";
    return ".mkv";
}

std::string clipExtensionOfVideo(const std::string& videoPath)
{
    const media::VideoProbe probe = media::probeVideo(videoPath);
    if (!probe.isVideo)
        throw MediaError(videoPath + ": " + probe.reason);
    return clipExtensionFor(probe.containerName, videoPath);
}

double timeOfFrameS(const analysis::AnalysisResult& result, int64_t frame)
{
    if (frame >= 0 && static_cast<size_t>(frame) < result.framePtsUs.size())
        return static_cast<double>(result.framePtsUs[static_cast<size_t>(frame)]) / 1e6;
    return result.video.fps > 0.0 ? static_cast<double>(frame) / result.video.fps : 0.0;
}

std::string eventNumber(size_t number, size_t count)
{
    const size_t digits = std::max<size_t>(2, std::to_string(count).size());
    const std::string text = std::to_string(number);
    return std::string(digits > text.size() ? digits - text.size() : 0, '0') + text;
}

std::vector<PlannedClip> planEventClips(
    const analysis::AnalysisResult& result, const ClipSettings& settings, const ClipNaming& naming)
{
    return planEventClips(result, analysis::findEvents(result, settings.events), settings, naming);
}

std::vector<PlannedClip> planEventClips(const analysis::AnalysisResult& result,
    const std::vector<analysis::ScoreEvent>& events, const ClipSettings& settings,
    const ClipNaming& naming)
{
    const bool hasTimestamps = !result.framePtsUs.empty();
    const double frameS = result.video.fps > 0.0 ? 1.0 / result.video.fps : 0.0;
    std::vector<PlannedClip> planned;
    for (size_t i = 0; i < events.size(); ++i) {
        const analysis::ScoreEvent& event = events[i];
        const int64_t next = event.lastFrame + 1;
        // The last frame lasts until the next one starts; past the last timestamp, one nominal
        // frame.
        const bool isNextKnown
            = hasTimestamps && static_cast<size_t>(next) < result.framePtsUs.size();
        const double endS = isNextKnown ? timeOfFrameS(result, next)
                                        : timeOfFrameS(result, event.lastFrame) + frameS;
        const std::string output = (fs::path(naming.outputFolder)
            / (naming.clipBase + ".event-" + eventNumber(i + 1, events.size()) + naming.extension))
                                       .string();
        planned.push_back({ event, timeOfFrameS(result, event.peakFrame),
            { result.video.path, timeOfFrameS(result, event.firstFrame), endS, settings.preS,
                settings.postS, output } });
    }
    return planned;
}

} // namespace vigil::clips
