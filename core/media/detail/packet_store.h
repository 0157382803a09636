#pragma once
// Private to core/media: PacketRing's packets. One stream's parameters (replaced by the next
// decoder that attaches, which also empties the store) and its packets in read order, each with
// its time in microseconds from the stream start. All members lock the mutex.

#include "core/media/detail/av_handles.h"

#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

namespace vigil::media::detail {

struct CodecParametersFreer {
    void operator()(AVCodecParameters* p) const noexcept { avcodec_parameters_free(&p); }
};
using CodecParametersHandle = std::unique_ptr<AVCodecParameters, CodecParametersFreer>;

struct StoredPacket {
    PacketHandle packet;
    int64_t ptsUs = 0;
    int64_t durationUs = 0;
    bool isKeyframe = false;
};

// What a clip needs, copied out under the lock so that muxing runs without it.
struct PacketRange {
    CodecParametersHandle parameters;
    AVRational timeBase { 1, 1 };
    std::vector<StoredPacket> packets;
    bool startsLate = false;
};

class PacketStore {
public:
    PacketStore(int64_t maxDurationUs, int64_t maxBytes);

    void attach(const AVStream& stream, int64_t startTicks);
    void push(const AVPacket& packet);
    // Packets from the last keyframe at or before fromUs up to toUs; empty when none.
    PacketRange copyRange(int64_t fromUs, int64_t toUs) const;

    int64_t bytesHeld() const;
    int64_t packetsHeld() const;

private:
    void dropOldest();

    const int64_t maxDurationUs_;
    const int64_t maxBytes_;
    mutable std::mutex mutex_;
    CodecParametersHandle parameters_;
    AVRational timeBase_ { 1, 1 };
    int64_t startTicks_ = 0;
    std::deque<StoredPacket> packets_;
    int64_t bytes_ = 0;
};

} // namespace vigil::media::detail
