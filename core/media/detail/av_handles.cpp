#include "core/media/detail/av_handles.h"

#include "core/common/error.h"

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

} // namespace vigil::media::detail
