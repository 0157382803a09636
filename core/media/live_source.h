#pragma once
// What `vigil watch SOURCE` may name: an explicit network URL (rtsp, rtsps, http, https, udp, tcp,
// rtp, srt) or a V4L2 camera (`/dev/videoN`, or `camera:N` for /dev/videoN). Anything else, a
// plain file path included, is refused: a live source is never guessed from a name. Pure.

#include "core/media/media_source.h"

#include <optional>
#include <string>

namespace vigil::media {

// The source, or nullopt with `problem` set to why the text is not one.
std::optional<MediaSource> liveSourceOf(
    const std::string& text, int timeoutMs, std::string& problem);

} // namespace vigil::media
