#pragma once
// Cuts a stretch of a local video file into a new file by stream copy: the packets of its video
// stream are copied unchanged (no decoding, no quality loss, other streams left out), starting at
// the keyframe at or before the requested start, so the clip may begin a little earlier than
// asked; ClipCut says where it really begins and ends. Used by `vigil clips`, the GUI's
// "Export clip…" and the recorder of `vigil watch`.
//
// Thread/ownership contract: cutClip() holds no state between calls and may run on any thread,
// several at once on different outputs. It opens the video as exactly that file (the fences of
// MediaSource::localFile: no URL, FIFO, device or list of other files). The CancellationToken, if
// any, must outlive the call; cancelling it from any thread ends the cut within one packet (or a
// blocking read) with Cancelled, and leaves no file behind. The output is written atomically: a
// temporary in the output's folder renamed into place, so a reader sees no clip or the whole
// clip, and an existing file of that name is replaced only by a complete clip.
// Throws MediaError naming the video or the output (unreadable, no video stream, a stretch
// outside the video, an output extension whose container cannot hold the codec), or Cancelled.

#include "core/common/cancellation.h"

#include <cstdint>
#include <string>

namespace vigil::media {

struct ClipRequest {
    std::string videoPath; // a local file
    // Seconds from the start of the video stream, as VideoFrame::ptsUs counts them (frame i of a
    // constant-rate video starts at i / fps). endS >= startS.
    double startS = 0.0;
    double endS = 0.0;
    // Extra seconds kept before startS and after endS; negative counts as 0. The stretch cut is
    // [startS - preS, endS + postS], clamped to the video.
    double preS = 0.0;
    double postS = 0.0;
    // The clip's path; its extension picks the container, one of the single-file ones (".mp4",
    // ".mov", ".mkv", ".avi", ".ts"; any other throws MediaError, so that no playlist muxer
    // writes segments elsewhere). clips::clipExtensionFor picks one that fits the source. Must
    // not be the video itself.
    std::string outputPath;
};

struct ClipCut {
    std::string outputPath;
    // Where the clip really is in the source, in the seconds of ClipRequest: startS is the
    // keyframe at or before the requested start (the first keyframe when the video starts
    // later), endS the end of the last frame copied (the frames a copied frame depends on may
    // reach a frame past the requested end). The clip's own timestamps start at 0.
    double startS = 0.0;
    double endS = 0.0;
    int64_t packetCount = 0; // video packets copied, about one per frame
    std::string codecName; // the source's, unchanged ("h264")
};

ClipCut cutClip(const ClipRequest& request, const CancellationToken* cancel = nullptr);

} // namespace vigil::media
