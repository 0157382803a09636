#include "core/media/detail/live_clip_muxer.h"

#include "core/common/error.h"

#include <cstdio>
#include <filesystem>

namespace vigil::media::detail {

void OutputFormatCloser::operator()(AVFormatContext* p) const noexcept
{
    if (p == nullptr)
        return;
    if (p->pb != nullptr)
        avio_closep(&p->pb);
    avformat_free_context(p);
}

LiveClipMuxer::LiveClipMuxer(
    std::string path, const AVCodecParameters& parameters, AVRational timeBase)
    : path_(std::move(path))
    , partPath_(path_ + ".part")
    , inputTimeBase_(timeBase)
{
    AVFormatContext* raw = nullptr;
    // Matroska takes every codec a camera or stream sends, with its own extradata as is.
    check(avformat_alloc_output_context2(&raw, nullptr, "matroska", partPath_.c_str()),
        "cannot create clip");
    format_.reset(raw);
    AVStream* stream = avformat_new_stream(format_.get(), nullptr);
    if (stream == nullptr)
        throw MediaError(path_ + ": out of memory");
    check(avcodec_parameters_copy(stream->codecpar, &parameters), "cannot create clip");
    stream->codecpar->codec_tag = 0; // the input container's tag means nothing in Matroska
    stream->time_base = timeBase;
    // Only our own file: the clip goes to a path we chose, never through another protocol.
    AVDictionary* options = nullptr;
    av_dict_set(&options, "protocol_whitelist", "file", 0);
    const int opened = avio_open2(
        &format_->pb, ("file:" + partPath_).c_str(), AVIO_FLAG_WRITE, nullptr, &options);
    av_dict_free(&options);
    check(opened, "cannot write clip");
    check(avformat_write_header(format_.get(), nullptr), "cannot write clip header");
}

LiveClipMuxer::~LiveClipMuxer()
{
    if (isFinished_)
        return;
    format_.reset();
    std::error_code ignored;
    std::filesystem::remove(partPath_, ignored);
}

void LiveClipMuxer::write(AVPacket& packet)
{
    if (firstTicks_ == AV_NOPTS_VALUE)
        firstTicks_ = packet.dts != AV_NOPTS_VALUE ? packet.dts : packet.pts;
    if (packet.pts != AV_NOPTS_VALUE)
        packet.pts -= firstTicks_;
    if (packet.dts != AV_NOPTS_VALUE)
        packet.dts -= firstTicks_;
    packet.stream_index = 0;
    packet.pos = -1;
    av_packet_rescale_ts(&packet, inputTimeBase_, format_->streams[0]->time_base);
    // A packet the muxer refuses (a timestamp out of order) is left out; the clip stays playable.
    av_interleaved_write_frame(format_.get(), &packet);
}

void LiveClipMuxer::finish()
{
    check(av_write_trailer(format_.get()), "cannot finish clip");
    check(avio_closep(&format_->pb), "cannot finish clip");
    std::error_code error;
    std::filesystem::rename(partPath_, path_, error);
    if (error)
        throw MediaError(path_ + ": cannot write clip: " + error.message());
    isFinished_ = true;
}

void LiveClipMuxer::check(int code, const char* action) const
{
    throwIfAvError(code, path_ + ": " + action);
}

} // namespace vigil::media::detail
