#pragma once
// LiveObserver: what a front end that shows a watch as it runs (the desktop app's live view)
// hears from WatchSession besides the files: each decoded frame, each step as it is scored (or
// skipped), each alert once its events.jsonl line is written. Every member may be empty. Called
// synchronously, so a callback must be quick and must not throw: onFrame runs on the reader's
// thread (it should keep only the newest frame), the others on the thread that called run().

#include "core/live/alert_outputs.h"
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
    int64_t startUs = 0;
    int64_t endUs = 0;
    std::optional<float> score;
    std::vector<float> attention; // [rows]: the newest step's weights in its own window
};

struct LiveObserver {
    // rgb: CV_8UC3 RGB, the decoder's buffer: clone it to keep it.
    std::function<void(const cv::Mat& rgb, int64_t streamUs)> onFrame;
    std::function<void(const LiveStep& step)> onStep;
    // After its line was appended; thumbnail is a file name in the output folder (may be empty).
    std::function<void(const EventRecord& event)> onAlert;
    // The packets of the connection the steps now come from (the first, then each reconnection):
    // its ring may be cut by stream copy from any thread (Record in the live view).
    std::function<void(const ClipSource& packets)> onPackets;
};

} // namespace vigil::live
