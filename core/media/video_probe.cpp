#include "core/media/video_probe.h"

#include "core/media/detail/av_handles.h"

#include <string_view>

namespace vigil::media {
namespace {

int interruptRequested(void* opaque) noexcept
{
    return static_cast<const CancellationToken*>(opaque)->isCancelled() ? 1 : 0;
}

bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Demuxers that give a one-picture or text "video": the image2 family (png_pipe, jpeg_pipe...)
// and tty (ANSI art, which FFmpeg may pick for .txt or .nfo files).
const char* stillOrTextKind(const AVInputFormat& format)
{
    const std::string_view name = format.name;
    if (name == "image2" || endsWith(name, "_pipe"))
        return "a still image";
    if (name == "tty")
        return "a text file";
    return nullptr;
}

VideoProbe notAVideo(std::string reason) { return {false, std::move(reason)}; }

} // namespace

VideoProbe probeVideo(const std::string& path, const CancellationToken* cancel)
{
    AVFormatContext* raw = avformat_alloc_context();
    if (!raw)
        return notAVideo("out of memory");
    if (cancel) {
        raw->interrupt_callback.callback = &interruptRequested;
        raw->interrupt_callback.opaque = const_cast<CancellationToken*>(cancel);
    }
    // avformat_open_input frees raw when it fails, so it is wrapped only once it succeeded.
    int code = avformat_open_input(&raw, path.c_str(), nullptr, nullptr);
    if (cancel)
        cancel->throwIfCancelled();
    if (code < 0)
        return notAVideo(detail::avErrorText(code));
    const detail::FormatHandle format(raw);
    if (const char* kind = stillOrTextKind(*format->iformat))
        return notAVideo(std::string(kind) + " (" + format->iformat->name + ")");
    code = avformat_find_stream_info(format.get(), nullptr);
    if (cancel)
        cancel->throwIfCancelled();
    if (code < 0)
        return notAVideo("cannot read stream info: " + detail::avErrorText(code));
    const int index = av_find_best_stream(format.get(), AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (index < 0 || format->streams[index]->disposition & AV_DISPOSITION_ATTACHED_PIC)
        return notAVideo("no video stream");
    const AVCodecParameters& parameters = *format->streams[index]->codecpar;
    if (parameters.width <= 0 || parameters.height <= 0)
        return notAVideo("no video stream with a known frame size");
    if (!avcodec_find_decoder(parameters.codec_id))
        return notAVideo(std::string("unsupported codec ") + avcodec_get_name(parameters.codec_id));
    return {true, {}};
}

} // namespace vigil::media
