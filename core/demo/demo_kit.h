#pragma once
// Makes the demo (docs/demo.md) once and keeps it in a cache folder: the demo video
// (Debian's vtest.avi with an inverted stretch, made by the ffmpeg binary) and a classifier
// trained on this machine, in well under a minute, on synthetic normal and unusual clips
// (core/demo/demo_samples.h) over the features of the seeded random backbone. `vigil demo` and
// the desktop app's "Try the demo" both call prepareDemo, so they show the same thing. Runs on
// the caller's thread; throws vigil::Error (MediaError, ModelError, IoError) naming the file,
// Cancelled when cancelled. Every file is written to a temporary name and renamed, and
// demo.json last: a demo whose demo.json is there and matches is complete.

#include "core/analysis/feature_pipeline.h"
#include "core/analysis/video_analysis.h"
#include "core/common/cancellation.h"
#include "core/demo/demo_layout.h"
#include "core/engine/model_request.h"
#include "core/engine/network_loader.h"
#include "core/train/training_set.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vigil::demo {

struct DemoArtifacts {
    std::string folder;
    std::string videoPath;
    std::string classifierPath;
    std::string classifierSha256;
    DemoLayout layout;
    bool wasCached = false;
    // The demo video's features when they were extracted by this call (to score without
    // extracting them again); nullopt for a cached demo.
    std::optional<analysis::ExtractedFeatures> videoFeatures;
};

// Trains the classifier on the samples and saves it (a PyTorch state dict) at path; app/ gives
// models::trainClassifier, the trainer of `vigil train`, with the settings of demoTraining().
using DemoTrainer = std::function<void(const std::vector<const train::VideoSamples*>& videos,
    const std::string& path, const CancellationToken& cancel)>;
// A stage in words ("extracting the features of the demo video") and how far the whole is, 0..1.
using DemoProgress = std::function<void(const std::string& stage, double fraction)>;

// The demo cached in `folder` when its demo.json matches the request, its layout is one
// planDemo could have made, and its video and classifier still have the hashes it records;
// else nullopt (prepareDemo then makes it again).
std::optional<DemoArtifacts> cachedDemo(const std::string& folder, const DemoRequest& request);

DemoArtifacts prepareDemo(const DemoRequest& request, const engine::NetworkLoader& loader,
    const DemoTrainer& trainer, const CancellationToken& cancel, const DemoProgress& onProgress);

// The networks of the demo: the seeded backbone and the demo's classifier (DemoTrained), centre
// crop, the default preset.
engine::ModelRequest demoModelRequest(const DemoArtifacts& artifacts, int threads);

// Short windows every step, so that the score rises and falls around the event instead of
// filling the 32-step (51 s) windows of a video that is only 49 steps long: a sixth of the
// video, 3 to 8 steps (8 for vtest.avi), so that some windows never see the event.
analysis::WindowSettings demoWindows(const DemoLayout& layout);

// The training run: 160 steps of 16 + 16 clips. The random backbone's features are small (mean
// |x| about 0.005), so at vigil train's default lr of 1e-3 the scores hardly leave 0.5 in 160
// steps; at 1e-2 they reach 0.99 inside the event and 0.02 in windows without it (vtest.avi).
struct DemoTraining {
    int64_t epochs = 40;
    int64_t batchPerClass = 16;
    double learningRate = 1e-2;
    uint64_t seed = 1;
};
DemoTraining demoTraining();

} // namespace vigil::demo
