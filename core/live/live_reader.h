#pragma once
// LiveReader: the source side of vigil watch. On its own thread it decodes the stream, keeps
// its packets for clips, cuts 16-frame snippets and preprocesses them, and pushes them into a
// DropOldestQueue that never blocks it: a live stream cannot wait for the networks. When the
// source cannot be opened at the start (a camera still rebooting), or the stream drops, times out
// or ends, it tries again with backoff (ReconnectBackoff) and notes the gap, until it is
// cancelled or, with giveUpAfterMs, the stream stayed away that long; RetryNow cuts a wait short.
// run() closes the queue when it returns; it throws nothing (an error ends the run: see
// endReason()).

#include "core/common/cancellation.h"
#include "core/common/defaults.h"
#include "core/live/family_snippets.h"
#include "core/live/live_snippet.h"
#include "core/live/reconnect_backoff.h"
#include "core/live/retry_now.h"
#include "core/live/snippet_queue.h"
#include "core/live/stream_clock.h"
#include "core/media/video_decoder.h"
#include "core/preprocess/snippet_preprocessor.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace vigil::live {

struct ReaderSettings {
    media::MediaSource source;
    std::string displayName; // redacted, for notices
    preprocess::CropMode crops = defaults::kCrops;
    // The engine's preset: live features must be made as the classifier expects them.
    PreprocessPreset preset = defaults::kPreset;
    // The other families' snippets, from the same frames (engine::Engine::otherFamilies order).
    std::vector<FamilyInput> otherFamilies;
    int64_t ringDurationUs = 0;
    int64_t ringBytes = 0;
    int64_t reconnectMaxDelayMs = static_cast<int64_t>(defaults::kReconnectMaxDelayS * 1000);
    int64_t giveUpAfterMs = 0; // 0: keep trying
};

using NoticeCallback = std::function<void(const std::string&)>; // any thread
// Each decoded frame (RGB) and its session time, on the reader's thread.
using FrameCallback = std::function<void(const cv::Mat& rgb, int64_t streamUs)>;

// The reader is about to wait before its next attempt to open the source.
struct RetryWait {
    bool hasConnected = false; // false: the source has not opened once yet (the first open)
    std::string reason; // why the last attempt failed or the stream dropped; redacted
    int64_t delayMs = 0; // until the next attempt (RetryNow ends it sooner)
    int64_t downForUs = 0; // since the stream went away (since the start: the first open)
};
using RetryWaitCallback = std::function<void(const RetryWait& wait)>; // the reader's thread

class LiveReader {
public:
    using Clock = std::chrono::steady_clock;

    // The source is opened by run(), on the reader's thread: a first open that fails is tried
    // again as a dropped stream is. The reader starts `clock` at the first frame.
    LiveReader(ReaderSettings settings, StreamClock& clock, DropOldestQueue<LiveSnippet>& queue,
        GapLog& gaps, const CancellationToken& cancel, NoticeCallback notice);

    // Before run(): who sees each decoded frame and each wait (the live view), and who may end a
    // wait sooner.
    void setFrameCallback(FrameCallback onFrame) { onFrame_ = std::move(onFrame); }
    // Counts every frame decoded (read by the scoring thread for the decode rate).
    void setFrameCounter(std::atomic<int64_t>* decoded) { decoded_ = decoded; }
    void setRetryWaitCallback(RetryWaitCallback onWait) { onRetryWait_ = std::move(onWait); }
    void setRetryNow(std::shared_ptr<RetryNow> retryNow) { retryNow_ = std::move(retryNow); }
    void run();
    const std::string& endReason() const { return endReason_; } // after run()
    int64_t reconnections() const { return reconnections_; }
    bool wasOpened() const { return wasOpened_; } // after run(): false when never opened

private:
    bool readConnection(media::VideoDecoder& decoder);
    std::optional<media::VideoDecoder> openFirst();
    std::optional<media::VideoDecoder> reconnect(int64_t droppedAtUs, const std::string& reason);
    std::optional<media::VideoDecoder> openWithBackoff(std::string reason, int64_t downSinceUs);
    void pushSnippet(LiveSnippet snippet);
    int64_t sinceCreatedUs() const; // for how long the source was away, not stream times
    bool waitBeforeAttempt(int64_t ms) const;

    ReaderSettings settings_;
    StreamClock& clock_;
    const Clock::time_point createdAt_ = Clock::now();
    DropOldestQueue<LiveSnippet>& queue_;
    GapLog& gaps_;
    const CancellationToken& cancel_;
    NoticeCallback notice_;
    FrameCallback onFrame_;
    std::atomic<int64_t>* decoded_ = nullptr;
    RetryWaitCallback onRetryWait_;
    std::shared_ptr<RetryNow> retryNow_;
    bool wasOpened_ = false;
    int64_t connection_ = 0;
    int64_t reconnections_ = 0;
    int64_t lastEndUs_ = 0;
    std::string endReason_;
};

} // namespace vigil::live
