#include "core/media/detail/packet_store.h"

#include "core/common/error.h"

#include <algorithm>

namespace vigil::media::detail {
namespace {

constexpr AVRational kMicroseconds { 1, 1000000 };
// However small the packets, the deque of handles stays bounded too.
constexpr size_t kMaxPackets = 200000;

} // namespace

PacketStore::PacketStore(int64_t maxDurationUs, int64_t maxBytes)
    : maxDurationUs_(std::max<int64_t>(maxDurationUs, 1))
    , maxBytes_(std::max<int64_t>(maxBytes, 1))
{
}

void PacketStore::attach(const AVStream& stream, int64_t startTicks)
{
    CodecParametersHandle parameters(avcodec_parameters_alloc());
    if (!parameters || avcodec_parameters_copy(parameters.get(), stream.codecpar) < 0)
        throw MediaError("out of memory for the packet ring");
    const std::lock_guard lock(mutex_);
    parameters_ = std::move(parameters);
    timeBase_ = stream.time_base;
    startTicks_ = startTicks;
    packets_.clear();
    bytes_ = 0;
}

void PacketStore::push(const AVPacket& packet)
{
    const int64_t ticks = packet.pts != AV_NOPTS_VALUE ? packet.pts : packet.dts;
    if (ticks == AV_NOPTS_VALUE)
        return; // a packet without a time cannot be placed in a clip
    PacketHandle copy(av_packet_clone(&packet));
    if (!copy)
        return; // out of memory: the clip loses a packet, the run goes on
    StoredPacket stored { std::move(copy),
        av_rescale_q(ticks - startTicks_, timeBase_, kMicroseconds),
        av_rescale_q(packet.duration, timeBase_, kMicroseconds),
        (packet.flags & AV_PKT_FLAG_KEY) != 0 };
    const std::lock_guard lock(mutex_);
    // A timestamp far behind the newest (a restarted clock) makes the old packets unusable.
    if (!packets_.empty() && stored.ptsUs + maxDurationUs_ < packets_.back().ptsUs)
        packets_.clear(), bytes_ = 0;
    bytes_ += stored.packet->size;
    packets_.push_back(std::move(stored));
    dropOldest();
}

// Keeps the newest packets within both bounds; the newest packet always stays.
void PacketStore::dropOldest()
{
    while (packets_.size() > 1
        && (bytes_ > maxBytes_ || packets_.size() > kMaxPackets
            || packets_.back().ptsUs - packets_.front().ptsUs > maxDurationUs_)) {
        bytes_ -= packets_.front().packet->size;
        packets_.pop_front();
    }
}

PacketRange PacketStore::copyRange(int64_t fromUs, int64_t toUs) const
{
    PacketRange range;
    const std::lock_guard lock(mutex_);
    if (!parameters_)
        return range;
    // The last keyframe at or before fromUs, else the first keyframe before toUs.
    size_t first = packets_.size();
    for (size_t i = 0; i < packets_.size() && packets_[i].ptsUs <= toUs; ++i) {
        if (!packets_[i].isKeyframe)
            continue;
        if (first == packets_.size() || packets_[i].ptsUs <= fromUs)
            first = i;
        if (packets_[i].ptsUs >= fromUs)
            break;
    }
    if (first == packets_.size())
        return range;
    range.startsLate = packets_[first].ptsUs > fromUs;
    range.parameters.reset(avcodec_parameters_alloc());
    if (!range.parameters || avcodec_parameters_copy(range.parameters.get(), parameters_.get()) < 0)
        throw MediaError("out of memory for a clip");
    range.timeBase = timeBase_;
    for (size_t i = first; i < packets_.size() && packets_[i].ptsUs <= toUs; ++i) {
        PacketHandle copy(av_packet_clone(packets_[i].packet.get()));
        if (!copy)
            throw MediaError("out of memory for a clip");
        range.packets.push_back(
            { std::move(copy), packets_[i].ptsUs, packets_[i].durationUs, packets_[i].isKeyframe });
    }
    return range;
}

int64_t PacketStore::bytesHeld() const
{
    const std::lock_guard lock(mutex_);
    return bytes_;
}

int64_t PacketStore::packetsHeld() const
{
    const std::lock_guard lock(mutex_);
    return static_cast<int64_t>(packets_.size());
}

} // namespace vigil::media::detail
