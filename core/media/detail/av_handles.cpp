#include "core/media/detail/av_handles.h"

#include "core/common/error.h"

#include <cmath>

namespace vigil::media::detail {

std::string avErrorText(int code)
{
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    if (av_strerror(code, text, sizeof(text)) < 0)
        return "error " + std::to_string(code);
    return text;
}

void throwIfAvError(int code, std::string_view action)
{
    if (code >= 0)
        return;
    throw MediaError(std::string(action) + ": " + avErrorText(code));
}

int probeFormat(const char* url, const AVIOInterruptCB& interrupt, const char* protocols,
    const AVInputFormat*& format)
{
    AVDictionary* options = nullptr;
    av_dict_set(&options, "protocol_whitelist", protocols, 0);
    AVIOContext* io = nullptr;
    int code = avio_open2(&io, url, AVIO_FLAG_READ, &interrupt, &options);
    av_dict_free(&options);
    if (code < 0)
        return code;
#if LIBAVFORMAT_VERSION_MAJOR >= 59
    code = av_probe_input_buffer2(io, &format, url, nullptr, 0, 0);
#else
    // FFmpeg 4 takes a pointer to a non-const format.
    AVInputFormat* found = nullptr;
    code = av_probe_input_buffer2(io, &found, url, nullptr, 0, 0);
    format = found;
#endif
    avio_closep(&io);
    return code;
}

double positiveOrZero(AVRational rate)
{
    return rate.num > 0 && rate.den > 0 ? av_q2d(rate) : 0.0;
}

// The clockwise quarter turn that makes the stream upright. av_display_rotation_get returns the
// counter-clockwise angle of the matrix, hence the sign; the ffmpeg tool's autorotation turns the
// same way (the tests compare with it). Odd angles snap to the nearest quarter turn and flips are
// ignored: no camera Vigil targets writes them.
int clockwiseRotationOf(const AVStream& stream)
{
    const int32_t* matrix = displayMatrixOf(stream);
    if (!matrix)
        return 0;
    const double counterClockwiseDeg = av_display_rotation_get(matrix);
    if (std::isnan(counterClockwiseDeg))
        return 0;
    const long quarterTurns = std::lround(-counterClockwiseDeg / 90.0);
    return static_cast<int>(((quarterTurns % 4) + 4) % 4) * 90;
}

} // namespace vigil::media::detail
