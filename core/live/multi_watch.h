#pragma once
// MultiWatch: one watch over several cameras with one set of networks. Each camera has its own
// reader thread, queue, clock, folder and FolderLock (CameraFeed); the thread that calls run() is
// the one network worker. Each pass takes at most one waiting snippet per camera, starting one
// camera further on each time, so a busy camera cannot starve the others, and sends the pass's
// snippets through the backbone as one batch (the engine splits it into its calibrated passes);
// each camera's window, detectors and alerts then go on alone (round_robin.h holds the rule). A
// camera that falls behind drops its own oldest snippets, as a one-camera watch does. run() returns
// when the token is cancelled or every camera's stream ended for good. Throws FolderBusy from the
// constructor when another watch writes in one of the folders, ModelError from the networks (which
// stops every camera).

#include "core/common/cancellation.h"
#include "core/engine/engine.h"
#include "core/live/camera_feed.h"
#include "core/live/folder_lock.h"

#include <memory>
#include <string>
#include <vector>

namespace vigil::live {

class MultiWatch {
public:
    // The engine must have an I3D backbone and a classifier: throws ModelError otherwise.
    // Each camera's folder must exist; no two cameras may share one (FolderBusy).
    MultiWatch(std::vector<CameraSpec> cameras, engine::Engine engine);

    size_t cameraCount() const { return cameras_.size(); }
    // Before run(): who hears about camera i, and what may end its waits between attempts.
    void setObserver(size_t camera, LiveObserver observer);
    void setRetryNow(size_t camera, std::shared_ptr<RetryNow> retryNow);
    // Before run(): where the process's status over all cameras goes (CamerasPlan's
    // processStatusFile), rewritten every few seconds and at the end; empty: none.
    void setProcessStatusFile(std::string path) { processStatusFile_ = std::move(path); }

    // One outcome per camera, in the order given.
    std::vector<WatchOutcome> run(const CancellationToken& cancel);

private:
    void scoreBatch(std::vector<std::unique_ptr<CameraFeed>>& feeds,
        std::vector<std::pair<size_t, LiveSnippet>>& batch) const;
    void writeProcessStatus(const std::vector<std::unique_ptr<CameraFeed>>& feeds) const;

    std::vector<CameraSpec> cameras_;
    std::vector<FolderLock> locks_; // before anything is read or written in a folder
    engine::Engine engine_;
    std::string processStatusFile_;
};

} // namespace vigil::live
