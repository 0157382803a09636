#pragma once
// CameraFeed: one camera of a running watch. Its reader thread decodes and cuts snippets on the
// camera's own stream clock into its own queue (dropping the oldest when the networks are
// behind); the network worker (MultiWatch) takes them one at a time and hands the camera's
// gaps, snippets and features to its LiveStepper. Built, used and destroyed on the worker's
// thread; the reader is stopped and joined by the destructor. A camera whose folder cannot be
// written ends alone (failure() says why); the networks' errors are everyone's and are thrown.

#include "core/common/cancellation.h"
#include "core/engine/engine.h"
#include "core/live/live_reader.h"
#include "core/live/live_stepper.h"
#include "core/live/retry_now.h"
#include "core/live/snippet_queue.h"
#include "core/live/stream_clock.h"
#include "core/live/watch_types.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>

namespace vigil::live {

// A camera as a front end asks for it: its settings (its own folder) and who hears about it.
struct CameraSpec {
    WatchSettings settings;
    NoticeCallback notice;
    StatusCallback status;
    LiveObserver observer;
    std::shared_ptr<RetryNow> retryNow;
};

class CameraFeed {
public:
    // spec and engine outlive the feed; the reader starts at once. One of several cameras
    // says so in a notice when it fails; the one camera of a watch leaves that to its outcome.
    CameraFeed(const CameraSpec& spec, const engine::Engine& engine, bool isOneOfSeveral);
    ~CameraFeed();
    CameraFeed(const CameraFeed&) = delete;
    CameraFeed& operator=(const CameraFeed&) = delete;

    // Its stream ended for good (and every snippet was taken), or the camera failed.
    bool isDone() const { return !failure_.empty() || queue_.isClosed(); }
    // The oldest waiting snippet, after handing the gaps before it to the stepper; waits up to
    // waitMs for one. Nothing waiting: a drop noted since the last snippet is taken now.
    std::optional<LiveSnippet> take(int waitMs);
    void score(const LiveSnippet& snippet, const FloatArray& feature);
    void stop() { stop_.cancel(); }
    // After the reader ended: the last gaps, the open alert closed, the due clips written.
    WatchOutcome finish();
    const std::string& failure() const { return failure_; }
    // Its figures over the last minute of its stream (the worker's thread, as every call).
    HealthFigures health() const { return stepper_.health(); }

private:
    // Runs one step of the stepper; a folder that cannot be written ends this camera only.
    template <typename Step> void guarded(Step&& step);

    const CameraSpec& spec_;
    bool isOneOfSeveral_;
    CancellationToken stop_;
    StreamClock clock_;
    std::atomic<int64_t> decodedFrames_ { 0 }; // by the reader, before both use it
    LiveStepper stepper_;
    DropOldestQueue<LiveSnippet> queue_;
    GapLog gaps_;
    LiveReader reader_;
    std::thread thread_;
    std::string failure_;
};

} // namespace vigil::live
