#include "core/media/clip_cutter.h"

#include "core/common/error.h"
#include "core/media/detail/av_handles.h"
#include "core/media/detail/clip_muxer.h"
#include "core/media/detail/input.h"
#include "core/media/detail/log_capture.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>

namespace vigil::media {
namespace {

using detail::PacketHandle;

enum class ReadFrom { SeekPoint, Beginning };

// One cut: the input, its video stream and the packet being looked at. The cut reads the input
// twice from near the start: once to find the keyframe to start at (reading packets only), once
// to copy from it, so nothing is buffered however long a group of pictures is.
class Cutter {
public:
    Cutter(const ClipRequest& request, const CancellationToken* cancel);
    ClipCut run();

private:
    void open();
    void seekBackward(int64_t ticks);
    bool readVideoPacket();
    std::optional<int64_t> findKeyframe(int64_t targetTicks, ReadFrom from);
    int64_t startKeyframe(int64_t targetTicks);
    bool copy(detail::ClipMuxer& muxer, int64_t keyTicks, int64_t endTicks, ReadFrom from);
    int64_t ticksOf(double seconds) const;
    double secondsOf(int64_t ticks) const;
    void throwIfCancelled() const;

    const ClipRequest& request_;
    const CancellationToken* cancel_;
    detail::LogCounter log_;
    detail::OpenedInput input_;
    const AVStream* stream_ = nullptr;
    PacketHandle packet_ { av_packet_alloc() };
    int64_t originTicks_ = 0;
    int64_t frameTicks_ = 1; // one frame's duration, for packets that do not say theirs
    int64_t copiedEndTicks_ = 0;
};

int64_t ticksOfPacket(const AVPacket& packet)
{
    return packet.pts != AV_NOPTS_VALUE ? packet.pts : packet.dts;
}

bool isKeyframe(const AVPacket& packet)
{
    return (packet.flags & AV_PKT_FLAG_KEY) != 0 && ticksOfPacket(packet) != AV_NOPTS_VALUE;
}

Cutter::Cutter(const ClipRequest& request, const CancellationToken* cancel)
    : request_(request)
    , cancel_(cancel)
{
    if (!packet_)
        throw MediaError(request.videoPath + ": out of memory");
    if (!(request.endS >= request.startS) || !std::isfinite(request.startS)
        || !std::isfinite(request.endS))
        throw MediaError(request.videoPath + ": a clip's end must not be before its start");
    std::error_code error;
    if (std::filesystem::equivalent(request.videoPath, request.outputPath, error))
        throw MediaError(request.outputPath + ": is the video itself; the clip needs its own name");
}

void Cutter::open()
{
    input_ = detail::OpenedInput(MediaSource::localFile(request_.videoPath), cancel_);
    AVFormatContext* format = input_.get();
    const int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (index < 0 || format->streams[index]->disposition & AV_DISPOSITION_ATTACHED_PIC)
        throw MediaError(request_.videoPath + ": no video stream");
    stream_ = format->streams[index];
    originTicks_ = stream_->start_time != AV_NOPTS_VALUE ? stream_->start_time : 0;
    const AVRational rate
        = stream_->avg_frame_rate.num > 0 ? stream_->avg_frame_rate : stream_->r_frame_rate;
    if (rate.num > 0 && rate.den > 0)
        frameTicks_ = std::max<int64_t>(av_rescale_q(1, av_inv_q(rate), stream_->time_base), 1);
}

void Cutter::seekBackward(int64_t ticks)
{
    input_.armDeadline();
    // A failed seek leaves the read position where it was, before the target or not; the reads
    // that follow check where they landed.
    if (av_seek_frame(input_.get(), stream_->index, ticks, AVSEEK_FLAG_BACKWARD) < 0)
        input_.throwIfInterrupted();
}

// The next packet of the video stream into packet_; false at the end of the input. A read error
// ends the input, as it does for VideoDecoder.
bool Cutter::readVideoPacket()
{
    for (;;) {
        throwIfCancelled();
        av_packet_unref(packet_.get());
        input_.armDeadline();
        if (av_read_frame(input_.get(), packet_.get()) < 0) {
            input_.throwIfInterrupted();
            return false;
        }
        if (packet_->stream_index == stream_->index)
            return true;
    }
}

// The last keyframe at or before targetTicks, reading from a backward seek to it or from the
// beginning. From the beginning, a video whose first keyframe comes later starts there. nullopt
// when the seek landed after the target (some containers seek only roughly) or no keyframe came.
std::optional<int64_t> Cutter::findKeyframe(int64_t targetTicks, ReadFrom from)
{
    if (from == ReadFrom::SeekPoint)
        seekBackward(targetTicks);
    std::optional<int64_t> found;
    while (readVideoPacket()) {
        const AVPacket& packet = *packet_;
        if (isKeyframe(packet)) {
            if (ticksOfPacket(packet) <= targetTicks) {
                found = ticksOfPacket(packet);
            } else {
                if (!found && from == ReadFrom::Beginning)
                    found = ticksOfPacket(packet);
                break;
            }
        }
        // Decoding order: every later packet is shown after this one's decode time.
        if (found && packet.dts != AV_NOPTS_VALUE && packet.dts > targetTicks)
            break;
    }
    return found;
}

int64_t Cutter::startKeyframe(int64_t targetTicks)
{
    if (const auto found = findKeyframe(targetTicks, ReadFrom::SeekPoint))
        return *found;
    open();
    if (const auto found = findKeyframe(targetTicks, ReadFrom::Beginning))
        return *found;
    throw MediaError(request_.videoPath + ": no keyframe in the video stream");
}

// Copies from the keyframe at keyTicks to the last packet decoded at or before endTicks, then the
// packets decoded after it that are shown before the latest frame copied (the B-frames a
// reordering codec sends after the frame they precede), so the clip has no gap. Returns false
// when the read position was already past the keyframe (a rough seek): the caller reopens.
bool Cutter::copy(detail::ClipMuxer& muxer, int64_t keyTicks, int64_t endTicks, ReadFrom from)
{
    if (from == ReadFrom::SeekPoint)
        seekBackward(keyTicks);
    bool isStarted = false;
    int64_t latestTicks = keyTicks;
    while (readVideoPacket()) {
        AVPacket& packet = *packet_;
        const int64_t ticks = ticksOfPacket(packet);
        if (!isStarted) {
            if (!isKeyframe(packet) || ticks < keyTicks)
                continue;
            if (ticks > keyTicks)
                return false;
            isStarted = true;
        }
        const int64_t decodeTicks = packet.dts != AV_NOPTS_VALUE ? packet.dts : ticks;
        const bool isPastEnd = decodeTicks != AV_NOPTS_VALUE && decodeTicks > endTicks;
        if (isPastEnd && (ticks == AV_NOPTS_VALUE || ticks >= latestTicks))
            break;
        // Frames shown before the keyframe (an open group of pictures) refer to the one before.
        if (ticks == AV_NOPTS_VALUE || ticks < keyTicks)
            continue;
        latestTicks = std::max(latestTicks, ticks);
        copiedEndTicks_ = std::max(
            copiedEndTicks_, ticks + (packet.duration > 0 ? packet.duration : frameTicks_));
        muxer.write(packet);
    }
    return isStarted;
}

ClipCut Cutter::run()
{
    detail::installLogCallback();
    const detail::LogScope logScope(log_);
    throwIfCancelled();
    open();
    const double startS = std::max(request_.startS - std::max(request_.preS, 0.0), 0.0);
    const double endS = std::max(request_.endS + std::max(request_.postS, 0.0), startS);
    const int64_t startTicks = ticksOf(startS);
    const int64_t endTicks = ticksOf(endS);
    const int64_t keyTicks = startKeyframe(startTicks);
    detail::ClipMuxer muxer(request_.outputPath, *stream_->codecpar, stream_->time_base);
    if (!copy(muxer, keyTicks, endTicks, ReadFrom::SeekPoint)) {
        open();
        copy(muxer, keyTicks, endTicks, ReadFrom::Beginning);
    }
    if (muxer.packetsWritten() == 0 || copiedEndTicks_ <= startTicks)
        throw MediaError(request_.videoPath + ": nothing to cut between " + std::to_string(startS)
            + " s and " + std::to_string(endS) + " s (after the end of the video)");
    throwIfCancelled();
    muxer.finish();
    return { request_.outputPath, secondsOf(keyTicks), secondsOf(copiedEndTicks_),
        muxer.packetsWritten(), avcodec_get_name(stream_->codecpar->codec_id) };
}

int64_t Cutter::ticksOf(double seconds) const
{
    // A day of seconds past any real video keeps the arithmetic in range for absurd requests.
    constexpr double kLongestS = 1e8;
    const int64_t us = std::llround(std::clamp(seconds, 0.0, kLongestS) * 1e6);
    return originTicks_ + av_rescale_q(us, AVRational { 1, 1000000 }, stream_->time_base);
}

double Cutter::secondsOf(int64_t ticks) const
{
    return static_cast<double>(ticks - originTicks_) * av_q2d(stream_->time_base);
}

void Cutter::throwIfCancelled() const
{
    if (cancel_)
        cancel_->throwIfCancelled();
}

} // namespace

ClipCut cutClip(const ClipRequest& request, const CancellationToken* cancel)
{
    return Cutter(request, cancel).run();
}

} // namespace vigil::media
