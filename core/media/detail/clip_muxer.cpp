#include "core/media/detail/clip_muxer.h"

#include "core/common/error.h"
#include "core/common/temporary_file.h"

#include <filesystem>
#include <string_view>

namespace vigil::media::detail {

namespace fs = std::filesystem;

void OutputCloser::operator()(AVFormatContext* p) const noexcept
{
    if (p->pb && !(p->oformat->flags & AVFMT_NOFILE))
        avio_closep(&p->pb);
    avformat_free_context(p);
}

ClipMuxer::ClipMuxer(const std::string& destinationPath, const AVCodecParameters& parameters,
    AVRational inputTimeBase)
    : destination_(destinationPath)
    , temporary_(temporaryPathFor(destinationPath))
    , inputTimeBase_(inputTimeBase)
{
    // The format is guessed from the destination, not the temporary, whose name ends in digits.
    const AVOutputFormat* format = av_guess_format(nullptr, destination_.c_str(), nullptr);
    if (!format)
        throw MediaError(destination_ + ": no container Vigil can write has this extension");
    // Single-file containers only: a playlist muxer (hls, dash, segment...) writes files of its
    // own choosing beside the clip, outside the folder asked for.
    const std::string_view name = format->name;
    if (name != "mp4" && name != "mov" && name != "matroska" && name != "avi" && name != "mpegts")
        throw MediaError(destination_ + ": clips are written as .mp4, .mov, .mkv, .avi or .ts, not "
            + std::string(name));
    AVFormatContext* raw = nullptr;
    check(avformat_alloc_output_context2(&raw, format, nullptr, nullptr), "cannot create");
    output_.reset(raw);
    AVStream* stream = avformat_new_stream(output_.get(), nullptr);
    if (!stream)
        throw MediaError(destination_ + ": out of memory");
    check(avcodec_parameters_copy(stream->codecpar, &parameters), "cannot copy the codec");
    // The input container's tag (an AVI FourCC, say) may mean nothing in the output container;
    // 0 lets the muxer choose its own tag for the codec.
    stream->codecpar->codec_tag = 0;
    stream->time_base = inputTimeBase_;
    if (!(format->flags & AVFMT_NOFILE)) {
        std::error_code error;
        const fs::path absolute = fs::absolute(temporary_, error);
        // "file:" so that no part of the name is read as another protocol.
        const std::string url = "file:" + (error ? temporary_ : absolute.string());
        check(avio_open(&output_->pb, url.c_str(), AVIO_FLAG_WRITE), "cannot write");
    }
    try {
        check(avformat_write_header(output_.get(), nullptr), "cannot write the header");
    } catch (...) {
        output_.reset();
        std::error_code ignored;
        fs::remove(temporary_, ignored);
        throw;
    }
}

ClipMuxer::ClipMuxer(ClipMuxer&& other) noexcept
    : destination_(std::move(other.destination_))
    , temporary_(std::move(other.temporary_))
    , inputTimeBase_(other.inputTimeBase_)
    , output_(std::move(other.output_))
    , originTicks_(other.originTicks_)
    , packetsWritten_(other.packetsWritten_)
    , isFinished_(other.isFinished_)
{
    other.isFinished_ = true; // the moved-from muxer owns no file any more
}

ClipMuxer::~ClipMuxer()
{
    if (isFinished_)
        return;
    output_.reset(); // closes the file before it is removed
    std::error_code ignored;
    fs::remove(temporary_, ignored);
}

void ClipMuxer::write(AVPacket& packet)
{
    if (originTicks_ == AV_NOPTS_VALUE)
        originTicks_ = packet.pts != AV_NOPTS_VALUE ? packet.pts : packet.dts;
    if (originTicks_ == AV_NOPTS_VALUE)
        originTicks_ = 0;
    if (packet.pts != AV_NOPTS_VALUE)
        packet.pts -= originTicks_;
    if (packet.dts != AV_NOPTS_VALUE)
        packet.dts -= originTicks_;
    AVStream* stream = output_->streams[0];
    av_packet_rescale_ts(&packet, inputTimeBase_, stream->time_base);
    packet.stream_index = 0;
    packet.pos = -1;
    // av_interleaved_write_frame takes the packet's reference and leaves it blank.
    check(av_interleaved_write_frame(output_.get(), &packet), "cannot write a packet");
    ++packetsWritten_;
}

void ClipMuxer::finish()
{
    if (isFinished_ || !output_)
        throw MediaError(destination_ + ": clip already finished");
    check(av_write_trailer(output_.get()), "cannot finish");
    if (output_->pb && !(output_->oformat->flags & AVFMT_NOFILE))
        check(avio_closep(&output_->pb), "cannot close");
    output_.reset();
    flushToDisk(temporary_);
    std::error_code error;
    fs::rename(temporary_, destination_, error);
    if (error)
        throw MediaError(destination_ + ": cannot replace: " + error.message());
    isFinished_ = true;
}

void ClipMuxer::check(int code, const char* action) const
{
    throwIfAvError(code, destination_ + ": " + action);
}

} // namespace vigil::media::detail
