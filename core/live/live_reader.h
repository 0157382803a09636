#pragma once
// LiveReader: the source side of vigil watch. On its own thread it decodes the stream, keeps
// its packets for clips, cuts 16-frame snippets and preprocesses them, and pushes them into a
// DropOldestQueue that never blocks it: a live stream cannot wait for the networks. When the
// stream drops, times out or ends, it reconnects with backoff (ReconnectBackoff) and notes the
// gap, until it is cancelled or, with giveUpAfterMs, the stream stayed away that long. run()
// closes the queue when it returns; it throws nothing (an error ends the run: see endReason()).

#include "core/common/cancellation.h"
#include "core/live/live_snippet.h"
#include "core/live/reconnect_backoff.h"
#include "core/live/snippet_queue.h"
#include "core/media/video_decoder.h"
#include "core/preprocess/snippet_preprocessor.h"

#include <chrono>
#include <functional>
#include <string>

namespace vigil::live {

struct ReaderSettings {
    media::MediaSource source;
    std::string displayName; // redacted, for notices
    preprocess::CropMode crops = preprocess::CropMode::Center;
    // The engine's preset: live features must be made as the classifier expects them.
    PreprocessPreset preset = PreprocessPreset::I3dResnetExtractor;
    int64_t ringDurationUs = 0;
    int64_t ringBytes = 0;
    int64_t reconnectMaxDelayMs = 30000;
    int64_t giveUpAfterMs = 0; // 0: keep trying
};

using NoticeCallback = std::function<void(const std::string&)>; // any thread
// Each decoded frame (RGB) and its session time, on the reader's thread.
using FrameCallback = std::function<void(const cv::Mat& rgb, int64_t streamUs)>;

class LiveReader {
public:
    using Clock = std::chrono::steady_clock;

    // decoder: the first connection, opened by the caller (so a source that cannot be opened at
    // all fails before any thread starts).
    LiveReader(ReaderSettings settings, media::VideoDecoder decoder, Clock::time_point sessionStart,
        DropOldestQueue<LiveSnippet>& queue, GapLog& gaps, const CancellationToken& cancel,
        NoticeCallback notice);

    // Before run(): who sees each decoded frame (the live view).
    void setFrameCallback(FrameCallback onFrame) { onFrame_ = std::move(onFrame); }
    void run();
    const std::string& endReason() const { return endReason_; } // after run()
    int64_t reconnections() const { return reconnections_; }

private:
    bool readConnection(media::VideoDecoder& decoder);
    std::optional<media::VideoDecoder> reconnect(int64_t droppedAtUs);
    void pushSnippet(LiveSnippet snippet);
    int64_t sinceStartUs() const;
    bool sleepUnlessCancelled(int64_t ms) const;

    ReaderSettings settings_;
    std::optional<media::VideoDecoder> first_;
    Clock::time_point sessionStart_;
    DropOldestQueue<LiveSnippet>& queue_;
    GapLog& gaps_;
    const CancellationToken& cancel_;
    NoticeCallback notice_;
    FrameCallback onFrame_;
    int64_t connection_ = 0;
    int64_t reconnections_ = 0;
    int64_t lastEndUs_ = 0;
    std::string endReason_;
};

} // namespace vigil::live
