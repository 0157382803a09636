#include "core/media/packet_ring.h"

#include "core/media/detail/clip_muxer.h"
#include "core/media/detail/packet_store.h"

#include <algorithm>

namespace vigil::media {

PacketRing::PacketRing(int64_t maxDurationUs, int64_t maxBytes)
    : store_(std::make_unique<detail::PacketStore>(maxDurationUs, maxBytes))
{
}

PacketRing::~PacketRing() = default;

std::optional<WrittenClip> PacketRing::writeClip(
    const std::string& path, int64_t fromUs, int64_t toUs) const
{
    detail::PacketRange range = store_->copyRange(fromUs, toUs);
    if (range.packets.empty())
        return std::nullopt;
    detail::ClipMuxer muxer(path, *range.parameters, range.timeBase);
    WrittenClip clip;
    clip.firstPtsUs = range.packets.front().ptsUs;
    clip.startsLate = range.startsLate;
    for (detail::StoredPacket& stored : range.packets) {
        clip.endPtsUs = std::max(clip.endPtsUs, stored.ptsUs + stored.durationUs);
        muxer.write(*stored.packet);
        ++clip.packets;
    }
    muxer.finish();
    return clip;
}

int64_t PacketRing::bytesHeld() const
{
    return store_->bytesHeld();
}

int64_t PacketRing::packetsHeld() const
{
    return store_->packetsHeld();
}

} // namespace vigil::media
