#pragma once
// PacketRing: the encoded packets of one video stream, as the demuxer read them, kept so that a
// clip around an alert can be written afterwards by stream copy (no re-encode). Bounded by
// duration AND bytes: the oldest packets are dropped first, so memory does not grow with the
// length of the stream. A VideoDecoder fills it (VideoDecoder::keepPackets); any other thread
// may write clips at the same time (an internal mutex guards the packets). Throws MediaError.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace vigil::media {

namespace detail {
class PacketStore;
}

struct WrittenClip {
    int64_t firstPtsUs = 0; // of the first packet written (a keyframe)
    int64_t endPtsUs = 0; // of the last packet written, plus its duration
    int64_t packets = 0;
    // The packets of the start of the range had already left the ring (or the stream began
    // later): the clip starts after fromUs.
    bool startsLate = false;
};

class PacketRing {
public:
    PacketRing(int64_t maxDurationUs, int64_t maxBytes);
    ~PacketRing();
    PacketRing(const PacketRing&) = delete;
    PacketRing& operator=(const PacketRing&) = delete;

    // Writes the packets from the last keyframe at or before fromUs (the first keyframe held
    // when none is that early) up to toUs to `path` (the container from its extension: .mkv
    // takes any codec), through a temporary file renamed at the end (detail/clip_muxer.h), so
    // the path holds a complete clip or nothing. Times are those of
    // VideoFrame::ptsUs. nullopt (nothing written) when the ring holds no keyframe before toUs.
    std::optional<WrittenClip> writeClip(
        const std::string& path, int64_t fromUs, int64_t toUs) const;

    int64_t bytesHeld() const;
    int64_t packetsHeld() const;

private:
    friend class VideoDecoder;
    std::unique_ptr<detail::PacketStore> store_;
};

} // namespace vigil::media
