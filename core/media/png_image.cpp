#include "core/media/png_image.h"

#include "core/common/error.h"
#include "core/media/detail/av_handles.h"

#include <algorithm>

namespace vigil::media {

std::vector<uint8_t> encodePng(const cv::Mat& rgb)
{
    if (rgb.empty() || rgb.type() != CV_8UC3)
        throw MediaError("thumbnail: not an RGB frame");
    const AVCodec* codec = avcodec_find_encoder(AV_CODEC_ID_PNG);
    if (codec == nullptr)
        throw MediaError("thumbnail: this FFmpeg has no PNG encoder");
    detail::CodecContextHandle context(avcodec_alloc_context3(codec));
    detail::FrameHandle frame(av_frame_alloc());
    detail::PacketHandle packet(av_packet_alloc());
    if (!context || !frame || !packet)
        throw MediaError("thumbnail: out of memory");
    context->width = rgb.cols;
    context->height = rgb.rows;
    context->pix_fmt = AV_PIX_FMT_RGB24;
    context->time_base = { 1, 1 };
    detail::throwIfAvError(avcodec_open2(context.get(), codec, nullptr), "thumbnail");
    frame->format = AV_PIX_FMT_RGB24;
    frame->width = rgb.cols;
    frame->height = rgb.rows;
    detail::throwIfAvError(av_frame_get_buffer(frame.get(), 0), "thumbnail");
    for (int y = 0; y < rgb.rows; ++y)
        std::copy_n(rgb.ptr<uint8_t>(y), rgb.cols * 3, frame->data[0] + y * frame->linesize[0]);
    detail::throwIfAvError(avcodec_send_frame(context.get(), frame.get()), "thumbnail");
    detail::throwIfAvError(avcodec_send_frame(context.get(), nullptr), "thumbnail");
    detail::throwIfAvError(avcodec_receive_packet(context.get(), packet.get()), "thumbnail");
    return { packet->data, packet->data + packet->size };
}

} // namespace vigil::media
