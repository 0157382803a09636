#pragma once
// Private to core/media: writes the packets of one video stream to a Matroska file by stream copy.
// RAII: the constructor opens "<path>.part" and writes the header; finish() writes the trailer
// and renames the file to path; a muxer destroyed before finish() removes the partial file, so
// `path` only ever holds a complete clip. Times are shifted so the clip starts at zero. One
// thread; throws MediaError naming the path.

#include "core/media/detail/av_handles.h"

#include <string>

namespace vigil::media::detail {

struct OutputFormatCloser {
    void operator()(AVFormatContext* p) const noexcept;
};
using OutputFormatHandle = std::unique_ptr<AVFormatContext, OutputFormatCloser>;

class LiveClipMuxer {
public:
    LiveClipMuxer(std::string path, const AVCodecParameters& parameters, AVRational timeBase);
    ~LiveClipMuxer();
    LiveClipMuxer(const LiveClipMuxer&) = delete;
    LiveClipMuxer& operator=(const LiveClipMuxer&) = delete;

    // packet: in the input time base given to the constructor; it is modified (times shifted).
    void write(AVPacket& packet);
    void finish();

private:
    void check(int code, const char* action) const;

    std::string path_;
    std::string partPath_;
    AVRational inputTimeBase_;
    OutputFormatHandle format_;
    int64_t firstTicks_ = AV_NOPTS_VALUE;
    bool isFinished_ = false;
};

} // namespace vigil::media::detail
