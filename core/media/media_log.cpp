#include "core/media/media_log.h"

extern "C" {
#include <libavutil/log.h>
}

namespace vigil::media {

void setMediaLogLevel(MediaLogLevel level)
{
    switch (level) {
    case MediaLogLevel::Quiet:
        av_log_set_level(AV_LOG_QUIET);
        break;
    case MediaLogLevel::Warnings:
        av_log_set_level(AV_LOG_WARNING);
        break;
    case MediaLogLevel::Verbose:
        av_log_set_level(AV_LOG_VERBOSE);
        break;
    }
}

} // namespace vigil::media
