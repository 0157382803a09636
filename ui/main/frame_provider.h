#pragma once
// FrameProvider: any single frame of a video by index, for display. Decodes with Vigil's own
// VideoDecoder: a jump seeks to the keyframe before the target and decodes forward to it (frame
// accurate); playing and stepping forward decode on; the last few frames are cached. Owns its
// decoder, separate from any analysis run. GUI thread; throws MediaError when the file fails.

#include "core/media/video_decoder.h"

#include <QImage>

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

namespace vigil::ui {

class FrameProvider {
public:
    explicit FrameProvider(const std::string& path);

    const media::VideoInfo& info() const { return decoder_.info(); }
    // Exact presentation times of every frame, once an analysis decoded them all; before that,
    // times come from the frame rate.
    void setFramePtsUs(std::vector<int64_t> framePtsUs);
    // Known exactly once setFramePtsUs was called, else the container's estimate.
    int64_t frameCount() const;
    double timeOfFrameS(int64_t frameIndex) const;

    // The frame as RGB888, or a null image past the end of the stream.
    QImage frameAt(int64_t frameIndex);

    static constexpr size_t kCachedFrames = 12;
    // Targets this few frames ahead are reached by decoding on rather than seeking.
    static constexpr int64_t kMaxDecodeAhead = 30;

private:
    int64_t ptsOfFrameUs(int64_t frameIndex) const;
    double frameDurationUs() const;
    QImage decodeNext();

    media::VideoDecoder decoder_;
    std::vector<int64_t> framePtsUs_;
    int64_t nextFrameIndex_ = 0; // what decoder_.next() returns next
    std::deque<std::pair<int64_t, QImage>> cache_;
};

} // namespace vigil::ui
