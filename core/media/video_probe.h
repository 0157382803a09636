#pragma once
// Whether a file is a video, decided by its content: FFmpeg must open it and find a decodable
// video stream that is not cover art, a still image or text. Used to sort a folder's files
// before analysing them, and what container it really is, for the clips cut from it. Any
// thread; holds no state between calls.

#include "core/common/cancellation.h"

#include <string>
#include <string_view>

namespace vigil::media {

// The reason, for the decoder and the probe alike, that an empty file is no video.
inline constexpr std::string_view kEmptyFileReason = "empty file (0 bytes)";

struct VideoProbe {
    bool isVideo = false;
    std::string reason; // why not, in FFmpeg's words where it has them; empty for a video
    // The demuxer FFmpeg detected from the content ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm",
    // "avi", "mpegts"...), whatever the file's name says; empty when it could not be opened.
    std::string containerName;
};

// Throws Cancelled when cancel is set during a blocking open; never throws MediaError.
VideoProbe probeVideo(const std::string& path, const CancellationToken* cancel = nullptr);

} // namespace vigil::media
