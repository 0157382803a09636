#pragma once
// Private to core/media: opens a MediaSource as an AVFormatContext behind the fences of issue 13.
// A local file is opened as exactly that file: not a FIFO or device (their open() blocks), as
// `file:` plus its absolute path with the file protocol alone allowed (so `concat:a|b` or
// `pipe:0` is a file name), not through a demuxer that reads other files (playlists, lists), and
// with every further open refused. A network stream gets the network protocols only, and a
// deadline for the open and for each read. A camera is a /dev/videoN node read by the
// video4linux2 demuxer, with the same deadline. The interrupt callback also ends blocking calls on
// cancel. Move-only; one thread, the owner's.

#include "core/common/cancellation.h"
#include "core/common/error.h"
#include "core/media/detail/av_handles.h"
#include "core/media/media_source.h"

#include <memory>
#include <string>
#include <string_view>

namespace vigil::media::detail {

// The input could not be opened. what() is "<location>: <reason>"; reason() alone is the short
// form (FFmpeg's words for an FFmpeg failure) that video_probe reports.
class OpenFailed : public MediaError {
public:
    OpenFailed(const std::string& location, std::string message, std::string reason);
    const std::string& reason() const noexcept { return reason_; }

private:
    std::string reason_;
};

struct InputCallbacks;

class OpenedInput {
public:
    OpenedInput() noexcept;
    // Opens the source and reads its stream info. Throws OpenFailed, MediaError for a timeout,
    // or Cancelled.
    OpenedInput(const MediaSource& source, const CancellationToken* cancel);
    ~OpenedInput();
    OpenedInput(OpenedInput&&) noexcept;
    OpenedInput& operator=(OpenedInput&&) noexcept;

    AVFormatContext* get() const noexcept { return format_.get(); }

    // Call before each blocking FFmpeg call on the context: a network stream then has its
    // timeout for that call. Nothing for a local file.
    void armDeadline() noexcept;
    // After an FFmpeg call failed: throws Cancelled when cancelled, MediaError "... timed out"
    // when the deadline ended it; returns otherwise.
    void throwIfInterrupted() const;

private:
    void prepareLocalFile(const MediaSource& source);
    void prepareNetworkStream(const MediaSource& source);
    void prepareCamera(const MediaSource& source);
    void open(const MediaSource& source);
    [[noreturn]] void fail(int code, std::string_view action) const;

    std::unique_ptr<InputCallbacks> callbacks_; // outlives format_: FFmpeg calls back into it
    FormatHandle format_;
};

} // namespace vigil::media::detail
