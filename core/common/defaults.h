#pragma once
// The one table of defaults every front end starts from (the CLI's options, the desktop app's
// settings and dialogs, the readers of saved results), as mpv keeps its options in one table.
// Each value sits beside its bound (count_limits.h), and a test checks that each lies within
// it, so no front end can offer or save a value another refuses. Constants only (and one
// constexpr helper); any thread.

#include "core/common/count_limits.h"
#include "core/common/settings.h"

#include <cstdint>

namespace vigil::defaults {

// The networks.
inline constexpr BackboneKind kBackbone = BackboneKind::I3dResNet50;
inline constexpr CropMode kCrops = CropMode::Center;
inline constexpr PreprocessPreset kPreset = PreprocessPreset::I3dResnetExtractor;
inline constexpr ComputeDevice kDevice = ComputeDevice::Cpu;
inline constexpr Precision kPrecision = Precision::Fp32;
inline constexpr int64_t kThreads = 0; // all cores (bounds::threads)
inline constexpr int64_t kFrameStep = 1; // resnet50: every frame
inline constexpr int64_t kSnippetFrames = 16; // i3d-r50's snippet: video frames per feature step

// The classifier's windows: T = 32 as the paper, side by side (a stride of the window).
inline constexpr int64_t kWindowSteps = 32;
inline constexpr int64_t kStrideSteps = kWindowSteps;

// Whole-video detectors (RTFM, S3R, MGFN: core/analysis/detector_scoring.h) see at most this
// many steps in one pass; a longer video is cut into equal spans scored one after the other.
// What it bounds: MGFN's glance attention is steps x steps per head and crop, so a whole 3-hour
// video (16,875 steps at 25 fps) would need 16,875^2 x 4 B = 1.1 GB per head and crop; a span
// of 1024 steps needs 4 MiB. 1024 steps of 16 frames are 11 minutes at 25 fps: shorter videos
// are scored whole, as the papers' test code does; a longer one is scored as spans that do not
// see each other (docs/output-format.md, "Detectors").
inline constexpr int64_t kDetectorSpanSteps = 1024;
// vigil watch: the rolling span of recent steps a whole-video detector scores each new step in
// (about 41 s at 25 fps); each step is one pass over the span, so this bounds the live cost.
inline constexpr int64_t kLiveDetectorSpanSteps = 64;
// vigil watch: a live step is scored only when at least this share of its window's steps (in
// stream time, skipped snippets included) was extracted; below it the window would speak for a
// stretch it mostly never saw, and an alert open then closes (closed_by "unscored").
inline constexpr double kLiveMinScoredShare = 0.5;

// Events: frames scoring at or above the threshold (vigil batch, clips, the desktop app).
inline constexpr double kThreshold = 0.5;
inline constexpr double kClipPreS = 2.0;
inline constexpr double kClipPostS = 2.0;

// Live alerts (vigil watch, the Open Stream dialog): on at or above kAlertOn, off again below
// kAlertOff, so a score hovering at one value does not toggle the alert.
inline constexpr double kAlertOn = 0.6;
inline constexpr double kAlertOff = 0.5;
inline constexpr double kAlertMinDurationS = 1.0;
inline constexpr double kAlertPreRollS = 5.0;
inline constexpr double kAlertPostRollS = 5.0;
inline constexpr int64_t kLiveTimelineMinutes = 10;
inline constexpr double kStreamTimeoutS = 10.0; // without data before a stream counts as stalled
inline constexpr double kReconnectMaxDelayS = 30.0;

// Batch, explain and eval.
inline constexpr int64_t kJobs = 0; // automatic: batch::automaticJobs
inline constexpr int64_t kExplainTopSteps = 5;
inline constexpr int64_t kEvalSplitSteps = 28; // the paper's reproduction command

// vigil train: the paper's classifier (d_a, r) and its training (PROTOCOL.md section 4).
inline constexpr int64_t kHiddenSize = 64; // d_a
inline constexpr int64_t kAttentionRows = 3; // r
inline constexpr double kAttentionDropout = 0.3; // on A, in training mode only (train.py)
inline constexpr int64_t kEpochs = 10;
inline constexpr int64_t kBatchPerClass = 32; // normal and anomalous samples per step, each
inline constexpr double kLearningRate = 1e-3;
inline constexpr uint64_t kSeed = 1;
inline constexpr int64_t kTrainThreads = 1; // one thread: the same seed gives the same weights

// The desktop app draws frames against time at this rate when a video does not say its own
// (features scored without their video); nothing it cuts or saves depends on it.
inline constexpr double kFallbackFps = 25.0;
inline constexpr double fpsOrFallback(double fps)
{
    return fps > 0.0 ? fps : kFallbackFps;
}

} // namespace vigil::defaults
