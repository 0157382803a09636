#pragma once
// WatchSession: vigil watch on one live source: a MultiWatch of one camera. A LiveReader thread
// decodes and cuts snippets; the thread that calls run() hands each snippet and gap, in stream
// order, to a LiveStepper, which extracts each snippet's feature, scores it causally
// (CausalWindow), tracks alerts (AlertTracker), appends DIR/scores.csv and writes each alert's
// outputs (AlertOutputs). The queue between them drops the oldest snippet when the networks fall
// behind, so the lag stays bounded; a dropped snippet is a "not scored" row. run() returns when
// the token is cancelled, or the stream ended for good (ReaderSettings::giveUpAfterMs: also a
// source that never opened; see WatchOutcome::wasOpened); an open alert is then closed and
// written, as it is the moment the stream drops (closed_by "stream-lost"). The session holds
// DIR's FolderLock from construction to destruction: the constructor throws FolderBusy when
// another watch writes there. Throws IoError when DIR cannot be written, ModelError from the
// networks. The engine is shared as every front end shares it (core/engine/engine.h says how);
// the session's buffers are its own.

#include "core/common/cancellation.h"
#include "core/engine/engine.h"
#include "core/live/live_observer.h"
#include "core/live/multi_watch.h"
#include "core/live/watch_types.h"

#include <memory>

namespace vigil::live {

class WatchSession {
public:
    // The engine must have an I3D backbone and a classifier: throws ModelError otherwise.
    WatchSession(WatchSettings settings, engine::Engine engine, NoticeCallback notice,
        StatusCallback status);

    // Before run(): a front end that shows the run as it goes (see LiveObserver).
    void setObserver(LiveObserver observer) { watch_.setObserver(0, std::move(observer)); }
    // Before run(): lets a front end end a wait between attempts to reach the source.
    void setRetryNow(std::shared_ptr<RetryNow> retryNow)
    {
        watch_.setRetryNow(0, std::move(retryNow));
    }

    WatchOutcome run(const CancellationToken& cancel);

private:
    MultiWatch watch_;
};

} // namespace vigil::live
