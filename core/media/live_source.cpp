#include "core/media/live_source.h"

#include <algorithm>
#include <cctype>
#include <regex>

namespace vigil::media {

std::optional<MediaSource> liveSourceOf(
    const std::string& text, int timeoutMs, std::string& problem)
{
    static const std::regex kCameraIndex("camera:([0-9]{1,3})");
    static const std::regex kDeviceNode("/dev/video[0-9]{1,3}");
    static const std::regex kUrl("(rtsps?|https?|udp|tcp|rtp|srt)://.+", std::regex::icase);
    std::smatch match;
    if (std::regex_match(text, match, kCameraIndex))
        return MediaSource::camera("/dev/video" + match[1].str(), timeoutMs);
    if (std::regex_match(text, kDeviceNode))
        return MediaSource::camera(text, timeoutMs);
    if (std::regex_match(text, kUrl))
        return MediaSource::networkStream(text, timeoutMs);
    problem = "not a live source: give a URL (rtsp://, http(s)://, udp://, tcp://, srt://), "
              "/dev/videoN or camera:N";
    return std::nullopt;
}

} // namespace vigil::media
