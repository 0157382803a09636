#pragma once
// Private to core/media: writes the packets of one video stream, unchanged (stream copy), into a
// new file. The container comes from the destination's extension; the bytes go to a temporary
// file in the destination's folder ("<destination>.tmp-<host>-<pid>-<n>", the pattern
// files::removeStaleTemporaries cleans up after a killed process), which finish() renames into
// place, so a reader never sees half a clip. Destroyed without finish() (an error, a cancel),
// the temporary is removed. Move-only; one thread at a time. Throws MediaError naming the
// destination.

#include "core/media/detail/av_handles.h"

#include <cstdint>
#include <string>

namespace vigil::media::detail {

struct OutputCloser {
    void operator()(AVFormatContext* p) const noexcept;
};
using OutputHandle = std::unique_ptr<AVFormatContext, OutputCloser>;

class ClipMuxer {
public:
    // parameters and inputTimeBase are the input stream's; they are copied, not kept.
    ClipMuxer(const std::string& destinationPath, const AVCodecParameters& parameters,
        AVRational inputTimeBase);
    ~ClipMuxer();
    ClipMuxer(ClipMuxer&& other) noexcept;
    ClipMuxer& operator=(ClipMuxer&&) noexcept = delete;
    ClipMuxer(const ClipMuxer&) = delete;
    ClipMuxer& operator=(const ClipMuxer&) = delete;

    // Writes one packet of the input stream (its timestamps in the input time base). The first
    // packet's pts becomes time 0 of the clip; later ones keep their distance to it. The packet
    // is consumed (left blank).
    void write(AVPacket& packet);

    // Writes the trailer, closes the file and renames it to the destination. Call once.
    void finish();

    int64_t packetsWritten() const noexcept { return packetsWritten_; }

private:
    void check(int code, const char* action) const;

    std::string destination_;
    std::string temporary_;
    AVRational inputTimeBase_ {};
    OutputHandle output_;
    int64_t originTicks_ = AV_NOPTS_VALUE; // input ticks that become 0
    int64_t packetsWritten_ = 0;
    bool isFinished_ = false;
};

} // namespace vigil::media::detail
