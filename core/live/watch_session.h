#pragma once
// WatchSession: vigil watch on one live source. A LiveReader thread decodes and cuts snippets;
// the thread that calls run() extracts each snippet's feature, scores it causally
// (CausalWindow), tracks alerts (AlertTracker), appends DIR/scores.csv and writes each alert's
// outputs (AlertOutputs). The queue between them drops the oldest snippet when the networks fall
// behind, so the lag stays bounded; a dropped snippet is a "not scored" row. run() returns when
// the token is cancelled, or the stream ended for good (ReaderSettings::giveUpAfterMs: also a
// source that never opened; see WatchOutcome::wasOpened); an open alert is then closed and
// written, as it is the moment the stream drops (closed_by "stream-lost"). The session holds
// DIR's FolderLock from construction to destruction: the constructor throws FolderBusy when
// another watch writes there. Throws IoError when DIR cannot be written, ModelError from the
// networks. The engine is shared as every front end
// shares it (core/engine/engine.h says how); the session's buffers are its own.

#include "core/common/cancellation.h"
#include "core/engine/engine.h"
#include "core/live/alert_outputs.h"
#include "core/live/alert_tracker.h"
#include "core/live/folder_lock.h"
#include "core/live/live_observer.h"
#include "core/live/live_reader.h"

#include <functional>
#include <memory>
#include <optional>

namespace vigil::live {

// What a watch is asked for (live::planWatch makes it from the user's choices). The reader's
// crops and preset and the outputs' networks line are the engine's: WatchSession sets them.
struct WatchSettings {
    ReaderSettings reader;
    OutputSettings outputs;
    AlertSettings alerts;
    int64_t windowSteps = defaults::kWindowSteps;
    size_t queueCapacity = 2; // snippets waiting for the networks
};

struct WatchStatus {
    int64_t streamUs = 0; // end of the newest step
    std::optional<float> score;
    // From the arrival of the step's last frame to its score: never negative (the stream's clock,
    // anchored at a connection's first frame, can run ahead of the arrivals after it).
    int64_t lagMs = 0;
    int64_t skippedSnippets = 0;
    bool isAlertOpen = false;
};
using StatusCallback = std::function<void(const WatchStatus&)>; // run()'s thread

struct WatchOutcome {
    int64_t stepsScored = 0;
    int64_t snippetsSkipped = 0;
    int64_t alerts = 0;
    int64_t reconnections = 0;
    bool wasOpened = false; // false: the source never opened (gave up, or stopped, before)
    std::string endReason;
};

class WatchSession {
public:
    // The engine must have an I3D backbone and a classifier: throws ModelError otherwise.
    WatchSession(WatchSettings settings, engine::Engine engine, NoticeCallback notice,
        StatusCallback status);

    // Before run(): a front end that shows the run as it goes (see LiveObserver).
    void setObserver(LiveObserver observer) { observer_ = std::move(observer); }
    // Before run(): lets a front end end a wait between attempts to reach the source.
    void setRetryNow(std::shared_ptr<RetryNow> retryNow) { retryNow_ = std::move(retryNow); }

    WatchOutcome run(const CancellationToken& cancel);

private:
    struct Run;
    WatchSettings settings_;
    FolderLock lock_; // before anything is read or written in DIR
    engine::Engine engine_;
    NoticeCallback notice_;
    StatusCallback status_;
    LiveObserver observer_;
    std::shared_ptr<RetryNow> retryNow_;
};

} // namespace vigil::live
