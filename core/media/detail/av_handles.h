#pragma once
// Private to core/media: one deleter and one alias per FFmpeg handle, the error helper, and
// every FFmpeg-version #if. Nothing outside core/media may include this header.

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libswscale/swscale.h>
}

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace vigil::media::detail {

struct FormatCloser {
    void operator()(AVFormatContext* p) const noexcept { avformat_close_input(&p); }
};
struct CodecContextFreer {
    void operator()(AVCodecContext* p) const noexcept { avcodec_free_context(&p); }
};
struct FrameFreer {
    void operator()(AVFrame* p) const noexcept { av_frame_free(&p); }
};
struct PacketFreer {
    void operator()(AVPacket* p) const noexcept { av_packet_free(&p); }
};
struct SwsFreer {
    void operator()(SwsContext* p) const noexcept { sws_freeContext(p); }
};

using FormatHandle = std::unique_ptr<AVFormatContext, FormatCloser>;
using CodecContextHandle = std::unique_ptr<AVCodecContext, CodecContextFreer>;
using FrameHandle = std::unique_ptr<AVFrame, FrameFreer>;
using PacketHandle = std::unique_ptr<AVPacket, PacketFreer>;
using SwsHandle = std::unique_ptr<SwsContext, SwsFreer>;

// av_strerror's text for an AVERROR code ("No such file or directory").
std::string avErrorText(int code);

// Throws MediaError("<action>: <av_strerror text>") when code is negative. Callers put the path
// into action so every message names its input.
void throwIfAvError(int code, std::string_view action);

// Finds the demuxer for url's content as avformat_open_input would, without running it: opens url
// with only the given protocols allowed, probes and closes it. Returns a negative AVERROR on
// failure.
int probeFormat(const char* url, const AVIOInterruptCB& interrupt, const char* protocols,
    const AVInputFormat*& format);

// The rate as a number, or 0 when it is unset or invalid.
double positiveOrZero(AVRational rate);

// The clockwise quarter turn (0, 90, 180, 270) that makes the stream upright.
int clockwiseRotationOf(const AVStream& stream);

// The stream's display matrix (9 int32), or nullptr when the container has none.
inline const int32_t* displayMatrixOf(const AVStream& stream)
{
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 29, 100)
    // FFmpeg 6.1 moved stream side data into codecpar; av_stream_get_side_data is gone in 7.0.
    const AVPacketSideData* sideData = av_packet_side_data_get(stream.codecpar->coded_side_data,
        stream.codecpar->nb_coded_side_data, AV_PKT_DATA_DISPLAYMATRIX);
    if (!sideData || sideData->size < 9 * sizeof(int32_t))
        return nullptr;
    return reinterpret_cast<const int32_t*>(sideData->data);
#else
    size_t size = 0;
    const uint8_t* data = av_stream_get_side_data(&stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (!data || size < 9 * sizeof(int32_t))
        return nullptr;
    return reinterpret_cast<const int32_t*>(data);
#endif
}

// The frame's duration in stream time base units, 0 when unknown.
inline int64_t frameDurationOf(const AVFrame& frame)
{
#if LIBAVUTIL_VERSION_INT >= AV_VERSION_INT(57, 30, 100)
    return frame.duration;
#else
    return frame.pkt_duration;
#endif
}

} // namespace vigil::media::detail
