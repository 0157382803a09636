#pragma once
// Where a video comes from. A plain path is a local file and is opened as exactly that file, never
// as an FFmpeg URL, playlist or list of other files; a network stream must be asked for
// explicitly, so no file name can make Vigil reach the network or other files (issue 13).
// A value type; any thread.

#include "core/common/defaults.h"

#include <string>
#include <utility>

namespace vigil::media {

enum class SourceKind { LocalFile, NetworkStream, Camera };

struct MediaSource {
    static constexpr int kDefaultNetworkTimeoutMs
        = static_cast<int>(defaults::kStreamTimeoutS * 1000);

    SourceKind kind = SourceKind::LocalFile;
    // A path for LocalFile; for NetworkStream a URL whose scheme is rtsp, rtsps, http, https,
    // rtp, udp, tcp or srt; for Camera a V4L2 device, /dev/videoN.
    std::string location;
    // NetworkStream and Camera: the longest wait for the open, or for any one read, before the
    // decoder gives up with a MediaError that says it timed out.
    int timeoutMs = kDefaultNetworkTimeoutMs;

    static MediaSource localFile(std::string path)
    {
        return { SourceKind::LocalFile, std::move(path), kDefaultNetworkTimeoutMs };
    }
    static MediaSource networkStream(std::string url, int timeoutMs = kDefaultNetworkTimeoutMs)
    {
        return { SourceKind::NetworkStream, std::move(url), timeoutMs };
    }
    // Opened with the video4linux2 demuxer and the file protocol alone (core/media/live_source.h
    // turns `camera:N` into /dev/videoN).
    static MediaSource camera(std::string device, int timeoutMs = kDefaultNetworkTimeoutMs)
    {
        return { SourceKind::Camera, std::move(device), timeoutMs };
    }
};

} // namespace vigil::media
