#pragma once
// WatchSession: vigil watch on one live source. A LiveReader thread decodes and cuts snippets;
// the thread that calls run() extracts each snippet's feature, scores it causally
// (CausalWindow), tracks alerts (AlertTracker), appends DIR/scores.csv and writes each alert's
// outputs (AlertOutputs). The queue between them drops the oldest snippet when the networks fall
// behind, so the lag stays bounded; a dropped snippet is a "not scored" row. run() returns when
// the token is cancelled, or the stream ended for good (ReaderSettings::giveUpAfterMs); an open
// alert is then closed and written. Throws MediaError when the source cannot be opened at all,
// IoError when DIR cannot be written, ModelError from the networks.

#include "core/analysis/network_interfaces.h"
#include "core/common/cancellation.h"
#include "core/live/alert_outputs.h"
#include "core/live/alert_tracker.h"
#include "core/live/live_observer.h"
#include "core/live/live_reader.h"

#include <functional>
#include <optional>

namespace vigil::live {

struct WatchSettings {
    ReaderSettings reader;
    OutputSettings outputs;
    AlertSettings alerts;
    int64_t windowSteps = 32;
    size_t queueCapacity = 2; // snippets waiting for the networks
};

struct WatchStatus {
    int64_t streamUs = 0; // end of the newest step
    std::optional<float> score;
    int64_t lagMs = 0; // wall time behind the stream's clock when the step was scored
    int64_t skippedSnippets = 0;
    bool isAlertOpen = false;
};
using StatusCallback = std::function<void(const WatchStatus&)>; // run()'s thread

struct WatchOutcome {
    int64_t stepsScored = 0;
    int64_t snippetsSkipped = 0;
    int64_t alerts = 0;
    int64_t reconnections = 0;
    std::string endReason;
};

class WatchSession {
public:
    WatchSession(WatchSettings settings, const analysis::FeatureExtractor& extractor,
        const analysis::WindowScorer& scorer, NoticeCallback notice, StatusCallback status);

    // Before run(): a front end that shows the run as it goes (see LiveObserver).
    void setObserver(LiveObserver observer) { observer_ = std::move(observer); }

    WatchOutcome run(const CancellationToken& cancel);

private:
    struct Run;
    WatchSettings settings_;
    const analysis::FeatureExtractor& extractor_;
    const analysis::WindowScorer& scorer_;
    NoticeCallback notice_;
    StatusCallback status_;
    LiveObserver observer_;
};

} // namespace vigil::live
