#include "core/media/video_probe.h"

#include "core/common/text.h"
#include "core/media/detail/av_handles.h"
#include "core/media/detail/input.h"
#include "core/media/detail/log_capture.h"

#include <string_view>

namespace vigil::media {
namespace {

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

VideoProbe notAVideo(std::string reason)
{
    return { false, std::move(reason), {} };
}

VideoProbe videoProbeOf(const AVFormatContext& format)
{
    if (const char* kind = stillOrTextKind(*format.iformat))
        return notAVideo(std::string(kind) + " (" + format.iformat->name + ")");
    const int index = av_find_best_stream(
        const_cast<AVFormatContext*>(&format), AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (index < 0 || format.streams[index]->disposition & AV_DISPOSITION_ATTACHED_PIC)
        return notAVideo("no video stream");
    const AVCodecParameters& parameters = *format.streams[index]->codecpar;
    if (parameters.width <= 0 || parameters.height <= 0)
        return notAVideo("no video stream with a known frame size");
    if (!avcodec_find_decoder(parameters.codec_id))
        return notAVideo(std::string("unsupported codec ") + avcodec_get_name(parameters.codec_id));
    return { true, {}, {} };
}

} // namespace

VideoProbe probeVideo(const std::string& path, const CancellationToken* cancel)
{
    detail::installLogCallback();
    detail::LogCounter log; // FFmpeg's complaints are the reason; they are not printed
    const detail::LogScope logScope(log);
    detail::OpenedInput input;
    try {
        input = detail::OpenedInput(MediaSource::localFile(path), cancel);
    } catch (const detail::OpenFailed& failed) {
        // A cancel interrupts the open: the file was not looked at, it is no bad file.
        if (cancel)
            cancel->throwIfCancelled();
        return notAVideo(failed.reason());
    }
    AVFormatContext& format = *input.get();
    VideoProbe probe = videoProbeOf(format);
    probe.containerName = format.iformat->name;
    return probe;
}

} // namespace vigil::media
