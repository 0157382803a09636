#pragma once
// What the live reader hands to the networks, and what it tells them on the side. Value types.

#include "core/common/float_array.h"
#include "core/media/packet_ring.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace vigil::live {

// One 16-frame snippet, preprocessed, with its place on the session's clock: microseconds since
// vigil watch started, the stream's own clock anchored at the first frame of each connection.
struct LiveSnippet {
    FloatArray input; // [crops, 3, 16, 224, 224]
    // The same frames for each other family of features (ReaderSettings::otherFamilies).
    std::vector<FloatArray> otherInputs;
    int64_t startUs = 0;
    int64_t endUs = 0; // start of the frame after the snippet
    // Stream clock when its last frame was decoded: the lag is measured from here, so it is
    // never negative however much the first frame's arrival (the clock's anchor) was delayed.
    int64_t arrivedUs = 0;
    cv::Mat middleFrame; // RGB, for the thumbnail of an alert that peaks on this step
    int64_t connection = 0; // 0 for the first connection, +1 per reconnection
    std::shared_ptr<const media::PacketRing> packets; // the connection's, for clips
    int64_t packetOffsetUs = 0; // session time minus the decoder's ptsUs, for clips
};

// A stretch of the stream that will not be scored: snippets dropped because the networks were
// behind, or the time the stream was down. Lost is noted the moment a connection ends (startUs =
// endUs = the end of its last snippet), so an open alert closes then, not at the reconnection;
// Reconnected spans the whole time the stream was away.
struct StreamGap {
    enum class Kind { Skipped, Lost, Reconnected } kind = Kind::Skipped;
    int64_t startUs = 0;
    int64_t endUs = 0;
};

// Gaps noted by the reader thread, taken in stream order by the scoring thread.
class GapLog {
public:
    void add(StreamGap gap)
    {
        const std::lock_guard lock(mutex_);
        gaps_.push_back(gap);
    }
    // The gaps that start before `us` (all of them for INT64_MAX), oldest first.
    std::vector<StreamGap> takeBefore(int64_t us)
    {
        const std::lock_guard lock(mutex_);
        std::vector<StreamGap> taken;
        auto it = gaps_.begin();
        while (it != gaps_.end()) {
            if (it->startUs < us) {
                taken.push_back(*it);
                it = gaps_.erase(it);
            } else {
                ++it;
            }
        }
        return taken;
    }

private:
    std::mutex mutex_;
    std::vector<StreamGap> gaps_;
};

} // namespace vigil::live
