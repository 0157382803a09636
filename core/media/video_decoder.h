#pragma once
// VideoDecoder: the one place Vigil decodes video. It turns a file into upright RGB frames in
// display order; FFmpeg stays behind the pimpl so no FFmpeg type leaves core/media.

#include "core/common/cancellation.h"
#include "core/media/media_source.h"
#include "core/media/packet_ring.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vigil::media {

// What the decoder found out about the file before the first frame.
struct VideoInfo {
    std::string path;
    // Display size, i.e. after rotation: the size of every VideoFrame::rgb (frames of a stream
    // whose size changes midway are scaled to it).
    int width = 0;
    int height = 0;
    // avg_frame_rate, else r_frame_rate, else 0.
    double fps = 0.0;
    // nb_frames, else duration * fps, else 0. An estimate for progress, never a loop bound.
    int64_t frameCountEstimate = 0;
    // The frame count the container's header declares (nb_frames), or 0 when it has none. More
    // than the frames decoded means frames are missing: a truncated or damaged file.
    int64_t declaredFrameCount = 0;
    // Stream duration, else container duration, else 0.
    double durationS = 0.0;
    // Clockwise turn (0, 90, 180, 270) the display matrix asks for; frames come out turned.
    int rotationDeg = 0;
    std::string codecName;
};

struct VideoFrame {
    // 0-based, in display order, among the frames returned.
    int64_t frameIndex = 0;
    // Microseconds from the stream start; strictly increasing.
    int64_t ptsUs = 0;
    // CV_8UC3 in RGB order (not OpenCV's BGR), continuous, owned, upright.
    cv::Mat rgb;
};

// Decodes the best video stream of one file or network stream, frame by frame in display order.
// Owns all FFmpeg state; move-only; one thread at a time. The CancellationToken, if any, must
// outlive the decoder; cancelling it also ends a blocking open or read. Throws MediaError naming
// the path or URL, or Cancelled once the token is set.
class VideoDecoder {
public:
    // path is a local file, opened as exactly that file (MediaSource::localFile).
    explicit VideoDecoder(const std::string& path, const CancellationToken* cancel = nullptr);
    explicit VideoDecoder(const MediaSource& source, const CancellationToken* cancel = nullptr);
    ~VideoDecoder();
    VideoDecoder(VideoDecoder&&) noexcept;
    VideoDecoder& operator=(VideoDecoder&&) noexcept;
    VideoDecoder(const VideoDecoder&) = delete;
    VideoDecoder& operator=(const VideoDecoder&) = delete;

    const VideoInfo& info() const;

    // The next frame, or std::nullopt at the end of the stream (after flushing the decoder).
    std::optional<VideoFrame> next();

    // Moves to the first frame whose ptsUs is at or after ptsUs: seeks to the keyframe before
    // it, then decodes forward, so the result is frame-accurate. Indices of the frames after a
    // seek come from their timestamps and the frame rate (exact for constant-rate streams).
    // Throws MediaError when the file cannot seek.
    void seek(int64_t ptsUs);

    // From now on, also keeps every packet of the video stream in `ring` (emptied first), for
    // clips cut by stream copy. The ring must outlive the decoder.
    void keepPackets(PacketRing& ring);

    // Packets or frames the codec rejected and skipped, plus one for a read error (other than end
    // of file) that ended the input early; callers may warn about them.
    int64_t corruptFramesSkipped() const;

    // Frames returned although the codec found errors in them: it concealed the damaged parts
    // (e.g. copied blocks from the previous frame). They keep their place in the timeline.
    int64_t damagedFramesConcealed() const;

    // What else the caller should tell the reader of the result, in words, at most once each: a
    // frame size that changed mid-stream (the frames were scaled), and a summary of the errors
    // FFmpeg itself logged for this input ("FFmpeg reported 37 errors ..."), which are counted
    // here instead of printed. Complete once next() returned std::nullopt.
    std::vector<std::string> warnings() const;

private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace vigil::media
