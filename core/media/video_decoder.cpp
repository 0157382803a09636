#include "core/media/video_decoder.h"

#include "core/common/error.h"
#include "core/media/detail/av_handles.h"
#include "core/media/detail/input.h"
#include "core/media/detail/log_capture.h"
#include "core/media/detail/packet_store.h"
#include "core/media/detail/rgb_converter.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <filesystem>
#include <utility>
#include <vector>

namespace vigil::media {
namespace {

using detail::CodecContextHandle;
using detail::FormatHandle;
using detail::FrameHandle;
using detail::PacketHandle;

// Frame threading multiplies memory and latency per decoder; two threads are enough for the
// sizes Vigil analyses and leave the cores to inference.
constexpr int kDecoderThreads = 2;
constexpr AVRational kMicroseconds { 1, 1000000 };
// Frames larger than 8K UHD on either side, or with more pixels than 8192 x 8192, are refused: a
// damaged header can declare any size, and each frame becomes an RGB copy of that size.
constexpr int kMaxFrameSide = 16384;
constexpr int64_t kMaxFramePixels = int64_t { 8192 } * 8192;

} // namespace

class VideoDecoder::Impl {
public:
    Impl(const MediaSource& source, const CancellationToken* cancel);

    std::optional<VideoFrame> next();
    void seek(int64_t ptsUs);
    void keepPackets(detail::PacketStore& store);
    std::vector<std::string> warnings() const;

    VideoInfo info_;
    int64_t corruptFramesSkipped_ = 0;
    int64_t damagedFramesConcealed_ = 0;

private:
    void selectStream();
    void openDecoder();
    void describeStream();
    bool feedDecoder();
    bool isBeforeSeekTarget();
    VideoFrame takeFrame();
    int64_t presentationTimeUs() const;
    void checkFrameSize(int width, int height) const;
    void check(int code, const char* action) const;
    void throwIfCancelled() const;

    const CancellationToken* cancel_ = nullptr;
    // Declared before the codec context: its frame threads log into it until it is freed.
    detail::LogCounter log_;
    detail::OpenedInput input_;
    AVFormatContext* format_ = nullptr; // owned by input_
    CodecContextHandle codec_;
    FrameHandle frame_;
    PacketHandle packet_;
    std::optional<detail::RgbConverter> converter_;
    detail::PacketStore* packets_ = nullptr; // PacketRing's, which outlives the decoder
    const AVStream* stream_ = nullptr;
    int64_t startTicks_ = 0;
    int64_t nominalFrameUs_ = 0;
    int64_t nextFrameIndex_ = 0;
    int64_t lastPtsUs_ = 0;
    bool isInputDrained_ = false;
    // Set by seek(): frames before this time are decoded but not returned.
    std::optional<int64_t> seekTargetUs_;
};

VideoDecoder::Impl::Impl(const MediaSource& source, const CancellationToken* cancel)
    : cancel_(cancel)
{
    detail::installLogCallback();
    const detail::LogScope logScope(log_);
    info_.path = source.location;
    throwIfCancelled();
    input_ = detail::OpenedInput(source, cancel);
    format_ = input_.get();
    selectStream();
    openDecoder();
    describeStream();
    frame_.reset(av_frame_alloc());
    packet_.reset(av_packet_alloc());
    if (!frame_ || !packet_)
        throw MediaError(info_.path + ": out of memory");
}

void VideoDecoder::Impl::selectStream()
{
    const int index = av_find_best_stream(format_, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    throwIfCancelled();
    // Cover art in audio files is a one-picture "video" stream; there is nothing to analyse.
    if (index < 0 || format_->streams[index]->disposition & AV_DISPOSITION_ATTACHED_PIC)
        throw MediaError(info_.path + ": no video stream");
    stream_ = format_->streams[index];
    const AVCodecParameters& parameters = *stream_->codecpar;
    // Probing junk can yield a "video" stream whose size was never found; it cannot be decoded.
    if (parameters.width <= 0 || parameters.height <= 0)
        throw MediaError(info_.path + ": no video stream with a known frame size");
    checkFrameSize(parameters.width, parameters.height);
}

void VideoDecoder::Impl::openDecoder()
{
    const AVCodecID codecId = stream_->codecpar->codec_id;
    info_.codecName = avcodec_get_name(codecId);
    const AVCodec* decoder = avcodec_find_decoder(codecId);
    if (!decoder)
        throw MediaError(info_.path + ": unsupported codec " + info_.codecName);
    codec_.reset(avcodec_alloc_context3(decoder));
    if (!codec_)
        throw MediaError(info_.path + ": out of memory");
    check(
        avcodec_parameters_to_context(codec_.get(), stream_->codecpar), "cannot configure decoder");
    codec_->pkt_timebase = stream_->time_base;
    codec_->thread_count = kDecoderThreads;
    codec_->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
    detail::attachLogCounter(*codec_, log_);
    check(avcodec_open2(codec_.get(), decoder, nullptr), "cannot open decoder");
}

void VideoDecoder::Impl::describeStream()
{
    const AVCodecParameters& parameters = *stream_->codecpar;
    info_.rotationDeg = detail::clockwiseRotationOf(*stream_);
    const bool isQuarterTurn = info_.rotationDeg == 90 || info_.rotationDeg == 270;
    info_.width = isQuarterTurn ? parameters.height : parameters.width;
    info_.height = isQuarterTurn ? parameters.width : parameters.height;

    info_.fps = detail::positiveOrZero(stream_->avg_frame_rate);
    if (info_.fps == 0.0)
        info_.fps = detail::positiveOrZero(stream_->r_frame_rate);

    if (stream_->duration != AV_NOPTS_VALUE && stream_->duration > 0)
        info_.durationS = static_cast<double>(stream_->duration) * av_q2d(stream_->time_base);
    else if (format_->duration != AV_NOPTS_VALUE && format_->duration > 0)
        info_.durationS = static_cast<double>(format_->duration) / AV_TIME_BASE;

    info_.declaredFrameCount = std::max<int64_t>(stream_->nb_frames, 0);
    info_.frameCountEstimate = stream_->nb_frames > 0
        ? stream_->nb_frames
        : static_cast<int64_t>(std::llround(info_.durationS * info_.fps));

    startTicks_ = stream_->start_time != AV_NOPTS_VALUE ? stream_->start_time : 0;
    nominalFrameUs_ = info_.fps > 0.0 ? std::llround(1e6 / info_.fps) : 0;
    converter_.emplace(info_.path, parameters.width, parameters.height, info_.rotationDeg);
}

std::optional<VideoFrame> VideoDecoder::Impl::next()
{
    const detail::LogScope logScope(log_);
    for (;;) {
        throwIfCancelled();
        const int received = avcodec_receive_frame(codec_.get(), frame_.get());
        if (received >= 0 && isBeforeSeekTarget()) {
            av_frame_unref(frame_.get());
            continue;
        }
        if (received >= 0)
            return takeFrame();
        if (received == AVERROR_EOF)
            return std::nullopt;
        if (received != AVERROR(EAGAIN))
            ++corruptFramesSkipped_;
        else if (!feedDecoder())
            return std::nullopt;
    }
}

// Sends the next packet of our stream to the decoder, or the flush request at the end of the
// input. Returns false only when the decoder wants more after it was already flushed.
bool VideoDecoder::Impl::feedDecoder()
{
    if (isInputDrained_)
        return false;
    for (;;) {
        throwIfCancelled();
        input_.armDeadline();
        const int read = av_read_frame(format_, packet_.get());
        if (read < 0) {
            // A cancel or a network stream that went silent ends the run; neither is damage.
            input_.throwIfInterrupted();
            // Like the ffmpeg tool, a read error ends the input instead of failing the run: the
            // frames before it are good. It is counted so that the caller can warn.
            if (read != AVERROR_EOF)
                ++corruptFramesSkipped_;
            isInputDrained_ = true;
            avcodec_send_packet(codec_.get(), nullptr);
            return true;
        }
        const bool isOurs = packet_->stream_index == stream_->index;
        if (isOurs && packets_)
            packets_->push(*packet_);
        const int sent = isOurs ? avcodec_send_packet(codec_.get(), packet_.get()) : 0;
        av_packet_unref(packet_.get());
        if (!isOurs)
            continue;
        if (sent < 0 && sent != AVERROR(EAGAIN) && sent != AVERROR_EOF)
            ++corruptFramesSkipped_;
        return true;
    }
}

// The decoder restarts at the keyframe before the target; the frames up to the target are only
// decoded to build the reference pictures, so they are dropped without converting them to RGB.
void VideoDecoder::Impl::seek(int64_t ptsUs)
{
    const detail::LogScope logScope(log_);
    throwIfCancelled();
    input_.armDeadline();
    const int64_t targetUs = std::max<int64_t>(ptsUs, 0);
    const int64_t ticks = startTicks_ + av_rescale_q(targetUs, kMicroseconds, stream_->time_base);
    check(av_seek_frame(format_, stream_->index, ticks, AVSEEK_FLAG_BACKWARD), "cannot seek");
    avcodec_flush_buffers(codec_.get());
    isInputDrained_ = false;
    seekTargetUs_ = targetUs;
}

void VideoDecoder::Impl::keepPackets(detail::PacketStore& store)
{
    store.attach(*stream_, startTicks_);
    packets_ = &store;
}

bool VideoDecoder::Impl::isBeforeSeekTarget()
{
    if (!seekTargetUs_)
        return false;
    const int64_t ticks = frame_->best_effort_timestamp;
    if (ticks == AV_NOPTS_VALUE)
        return false;
    const int64_t ptsUs = av_rescale_q(ticks - startTicks_, stream_->time_base, kMicroseconds);
    if (ptsUs < *seekTargetUs_)
        return true;
    // The first frame returned after a seek: number it from its time and restart the checks
    // that keep timestamps increasing.
    seekTargetUs_.reset();
    nextFrameIndex_ = nominalFrameUs_ > 0 ? (ptsUs + nominalFrameUs_ / 2) / nominalFrameUs_ : 0;
    lastPtsUs_ = ptsUs - 1;
    return false;
}

VideoFrame VideoDecoder::Impl::takeFrame()
{
    VideoFrame frame;
    frame.ptsUs = presentationTimeUs();
    frame.frameIndex = nextFrameIndex_++;
    checkFrameSize(frame_->width, frame_->height);
    frame.rgb = converter_->convert(*frame_, frame.frameIndex);
    lastPtsUs_ = frame.ptsUs;
    if (frame_->decode_error_flags != 0 || (frame_->flags & AV_FRAME_FLAG_CORRUPT) != 0)
        ++damagedFramesConcealed_;
    av_frame_unref(frame_.get());
    return frame;
}

// Microseconds from the stream start. A missing or non-increasing timestamp (broken muxers,
// duplicated pts) becomes the previous one plus a frame duration, so callers can rely on order.
int64_t VideoDecoder::Impl::presentationTimeUs() const
{
    const bool hasPrevious = nextFrameIndex_ > 0;
    const int64_t ticks = frame_->best_effort_timestamp;
    if (ticks != AV_NOPTS_VALUE) {
        const int64_t ptsUs = av_rescale_q(ticks - startTicks_, stream_->time_base, kMicroseconds);
        if (!hasPrevious || ptsUs > lastPtsUs_)
            return ptsUs;
    }
    if (!hasPrevious)
        return 0;
    int64_t stepUs = nominalFrameUs_;
    if (const int64_t durationTicks = detail::frameDurationOf(*frame_); durationTicks > 0)
        stepUs = av_rescale_q(durationTicks, stream_->time_base, kMicroseconds);
    return lastPtsUs_ + std::max<int64_t>(stepUs, 1);
}

void VideoDecoder::Impl::checkFrameSize(int width, int height) const
{
    if (width > kMaxFrameSide || height > kMaxFrameSide
        || int64_t { width } * height > kMaxFramePixels)
        throw MediaError(info_.path + ": frame size " + std::to_string(width) + "x"
            + std::to_string(height) + " is larger than Vigil analyses (at most "
            + std::to_string(kMaxFrameSide) + " pixels a side and "
            + std::to_string(kMaxFramePixels) + " pixels)");
}

// Read by the owner's thread; the log counter is also written by the codec's threads meanwhile.
std::vector<std::string> VideoDecoder::Impl::warnings() const
{
    std::vector<std::string> warnings;
    if (std::string resized = converter_->resizeWarning(); !resized.empty())
        warnings.push_back(std::move(resized));
    if (std::string logged = log_.summary(); !logged.empty())
        warnings.push_back(std::move(logged));
    return warnings;
}

void VideoDecoder::Impl::check(int code, const char* action) const
{
    if (code >= 0)
        return;
    // An interrupted call fails with AVERROR_EXIT; report it as the cancellation or timeout it is.
    input_.throwIfInterrupted();
    detail::throwIfAvError(code, info_.path + ": " + action);
}

void VideoDecoder::Impl::throwIfCancelled() const
{
    if (cancel_)
        cancel_->throwIfCancelled();
}

VideoDecoder::VideoDecoder(const std::string& path, const CancellationToken* cancel)
    : VideoDecoder(MediaSource::localFile(path), cancel)
{
}

VideoDecoder::VideoDecoder(const MediaSource& source, const CancellationToken* cancel)
    : impl_(std::make_unique<Impl>(source, cancel))
{
}

VideoDecoder::~VideoDecoder() = default;
VideoDecoder::VideoDecoder(VideoDecoder&&) noexcept = default;
VideoDecoder& VideoDecoder::operator=(VideoDecoder&&) noexcept = default;

const VideoInfo& VideoDecoder::info() const
{
    assert(impl_ && "used after move");
    return impl_->info_;
}

std::optional<VideoFrame> VideoDecoder::next()
{
    assert(impl_ && "used after move");
    return impl_->next();
}

void VideoDecoder::seek(int64_t ptsUs)
{
    assert(impl_ && "used after move");
    impl_->seek(ptsUs);
}

void VideoDecoder::keepPackets(PacketRing& ring)
{
    assert(impl_ && "used after move");
    impl_->keepPackets(*ring.store_);
}

int64_t VideoDecoder::corruptFramesSkipped() const
{
    assert(impl_ && "used after move");
    return impl_->corruptFramesSkipped_;
}

int64_t VideoDecoder::damagedFramesConcealed() const
{
    assert(impl_ && "used after move");
    return impl_->damagedFramesConcealed_;
}

std::vector<std::string> VideoDecoder::warnings() const
{
    assert(impl_ && "used after move");
    return impl_->warnings();
}

} // namespace vigil::media
