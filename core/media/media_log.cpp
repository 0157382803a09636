#include "core/media/media_log.h"

#include "core/media/detail/log_capture.h"

extern "C" {
#include <libavutil/log.h>
}

#include <cstdarg>
#include <cstdio>
#include <mutex>

namespace vigil::media {
namespace detail {
namespace {

// Lines that belong to a decoder are printed as well as counted only at or below this level, so
// by default (no setMediaLogLevel call) they are only counted.
std::atomic<int> gPrintedLevel { AV_LOG_QUIET };
thread_local LogCounter* tCurrentCounter = nullptr;

LogCounter* counterOf(void* context)
{
    if (context != nullptr) {
        const AVClass* type = *static_cast<const AVClass* const*>(context);
        if (type == avcodec_get_class()) {
            if (void* opaque = static_cast<AVCodecContext*>(context)->opaque)
                return static_cast<LogCounter*>(opaque);
        }
    }
    return tCurrentCounter;
}

// "[h264] error while decoding MB 3 4, bytes left 12": the context's name without its address.
std::string lineOf(void* context, const char* format, va_list args)
{
    char text[512];
    std::vsnprintf(text, sizeof(text), format, args);
    std::string line = text;
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' '))
        line.pop_back();
    if (context == nullptr)
        return line;
    const AVClass* type = *static_cast<const AVClass* const*>(context);
    const char* name = type && type->item_name ? type->item_name(context) : nullptr;
    return name ? "[" + std::string(name) + "] " + line : line;
}

// Runs in FFmpeg's threads, inside C code: it must not throw.
void logLine(void* context, int level, const char* format, va_list args) noexcept
{
    LogCounter* counter = counterOf(context);
    if (counter == nullptr) {
        av_log_default_callback(context, level, format, args);
        return;
    }
    if (level <= AV_LOG_ERROR && counter->countError()) {
        va_list copy;
        va_copy(copy, args);
        try {
            counter->keepFirstError(lineOf(context, format, copy));
        } catch (...) {
            // Out of memory: the error is still counted.
        }
        va_end(copy);
    }
    if (level <= gPrintedLevel.load(std::memory_order_relaxed))
        av_log_default_callback(context, level, format, args);
}

} // namespace

bool LogCounter::countError() noexcept
{
    return errors_.fetch_add(1, std::memory_order_relaxed) == 0;
}

void LogCounter::keepFirstError(std::string line) noexcept
{
    const std::lock_guard<std::mutex> lock(mutex_);
    firstError_ = std::move(line);
}

std::string LogCounter::summary() const
{
    const int64_t errors = errorCount();
    if (errors == 0)
        return {};
    const std::lock_guard<std::mutex> lock(mutex_);
    return "FFmpeg reported " + std::to_string(errors) + (errors == 1 ? " error" : " errors")
        + " while reading this video"
        + (firstError_.empty() ? "" : " (the first: " + firstError_ + ")");
}

LogScope::LogScope(LogCounter& counter) noexcept
    : previous_(tCurrentCounter)
{
    tCurrentCounter = &counter;
}

LogScope::~LogScope()
{
    tCurrentCounter = previous_;
}

void installLogCallback()
{
    static std::once_flag installed;
    std::call_once(installed, [] { av_log_set_callback(&logLine); });
}

} // namespace detail

void setMediaLogLevel(MediaLogLevel level)
{
    detail::installLogCallback();
    int printed = AV_LOG_QUIET;
    switch (level) {
    case MediaLogLevel::Quiet:
        printed = AV_LOG_QUIET;
        break;
    case MediaLogLevel::Warnings:
        printed = AV_LOG_WARNING;
        break;
    case MediaLogLevel::Verbose:
        printed = AV_LOG_VERBOSE;
        break;
    }
    av_log_set_level(printed);
    detail::gPrintedLevel.store(printed, std::memory_order_relaxed);
}

} // namespace vigil::media
