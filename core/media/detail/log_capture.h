#pragma once
// Private to core/media: FFmpeg's own log lines, counted for the input they are about instead of
// printed, so stderr keeps Vigil's one line per file and the result says how many there were.
// av_log's callback is global and FFmpeg calls it from its own decoder threads, so a line is
// attributed by its context: an AVCodecContext whose opaque is a LogCounter (frame threads copy
// opaque into their contexts), else the LogCounter this thread made current with a LogScope
// (demuxing and parsing run on the thread that called FFmpeg). Lines of no counter go to FFmpeg's
// default printer, which honours setMediaLogLevel.

extern "C" {
#include <libavcodec/avcodec.h>
}

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

namespace vigil::media::detail {

class LogCounter {
public:
    // Any thread. Returns true when the caller should pass the text of this error (the first).
    bool countError() noexcept;
    void keepFirstError(std::string line) noexcept;

    int64_t errorCount() const noexcept { return errors_.load(std::memory_order_relaxed); }
    // "FFmpeg reported 37 errors while reading this video (the first: [h264] ...)", "" if none.
    std::string summary() const;

private:
    std::atomic<int64_t> errors_ { 0 };
    mutable std::mutex mutex_;
    std::string firstError_;
};

// Makes counter this thread's current one while the scope lives.
class LogScope {
public:
    explicit LogScope(LogCounter& counter) noexcept;
    ~LogScope();
    LogScope(const LogScope&) = delete;
    LogScope& operator=(const LogScope&) = delete;

private:
    LogCounter* previous_;
};

// Installs Vigil's av_log callback, once per process; core/media calls it before using FFmpeg.
void installLogCallback();

// Attributes the lines of codec, and of the copies its frame threads make, to counter.
inline void attachLogCounter(AVCodecContext& codec, LogCounter& counter)
{
    codec.opaque = &counter;
}

} // namespace vigil::media::detail
