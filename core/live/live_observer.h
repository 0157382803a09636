#pragma once
// LiveObserver: what a front end that shows a watch as it runs (the desktop app's live view)
// hears from WatchSession besides the files: each decoded frame, each step as it is scored (or
// skipped), the open alert as it grows, each alert once its events.jsonl line is written, and
// each wait before another attempt to reach the stream. Every member may be empty. Called
// synchronously, so a callback must be quick and must not throw: onFrame and onRetryWait run on
// the reader's thread (onFrame should keep only the newest frame), the others on the thread that
// called run().

#include "core/live/alert_outputs.h"
#include "core/live/live_reader.h"
#include "core/live/live_records.h"

#include <opencv2/core.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace vigil::live {

// One feature step on the session clock; score nullopt when it was not scored (skipped, or the
// stream was down).
struct LiveStep {
    // Unscored: extracted, but too few of its window's steps were (CausalWindow) to score it.
    enum class Kind { Scored, Skipped, NoStream, Unscored };
    int64_t startUs = 0;
    int64_t endUs = 0;
    std::optional<float> score;
    std::vector<float> attention; // [rows]: the newest step's weights in its own window
    Kind kind = Kind::Scored; // NoStream: the time between a drop and the reconnection
    int64_t windowSteps = 0; // T of that window (shorter while a watch is young); 0 unscored
    // The rolling score of each --detectors detector (RollingDetectors), in the engine's order
    // (engine::Engine::detectors); empty when unscored or with the classifier alone; NaN for a
    // detector that stopped (RollingDetectors::takeFailures).
    std::vector<float> detectorScores {};
};

struct LiveObserver {
    // rgb: CV_8UC3 RGB, the decoder's buffer: clone it to keep it.
    std::function<void(const cv::Mat& rgb, int64_t streamUs)> onFrame;
    std::function<void(const LiveStep& step)> onStep;
    // The open alert after each step while one is open (it opened, or its end or peak moved);
    // nullopt once it closed, after onAlert when it was kept (a blip under the minimum is not).
    std::function<void(const std::optional<Alert>& open)> onOpenAlert;
    // After its line was appended; thumbnail is a file name in the output folder (may be empty).
    std::function<void(const EventRecord& event)> onAlert;
    // The packets of the connection the steps now come from (the first, then each reconnection):
    // its ring may be cut by stream copy from any thread (Record in the live view).
    std::function<void(const ClipSource& packets)> onPackets;
    // Before each wait between attempts to open the source (LiveReader::setRetryWaitCallback).
    RetryWaitCallback onRetryWait;
};

} // namespace vigil::live
