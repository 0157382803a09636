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

} // namespace vigil::media::detail
