#pragma once
// The values a watch is asked for and reports: its settings, the status line after each step,
// and the outcome of a run. Value types; any thread.

#include "core/common/defaults.h"
#include "core/live/alert_outputs.h"
#include "core/live/alert_tracker.h"
#include "core/live/live_reader.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

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
    double skippedShare = 0.0; // of the last minute's places (WatchHealth), 0..1
    double decodeFps = -1.0; // HealthFigures::decodeFps
    double scoredPerS = 0.0; // HealthFigures::scoredPerS
};
using StatusCallback = std::function<void(const WatchStatus&)>; // run()'s thread

struct WatchOutcome {
    int64_t stepsScored = 0;
    int64_t snippetsSkipped = 0;
    int64_t stepsUnscored = 0; // extracted, but their windows held too few scored steps
    int64_t alerts = 0;
    int64_t reconnections = 0;
    bool wasOpened = false; // false: the source never opened (gave up, or stopped, before)
    std::string endReason;
    // Why the camera's folder could not be written (empty: it could); it stopped there, and a
    // watch of several cameras went on with the others.
    std::string failure;
};

} // namespace vigil::live
