#pragma once
// Decode -> preprocess -> extract for one video. Decoding and preprocessing run on a producer
// thread behind a bounded queue; the network runs on the thread that calls run(), so its own
// intra-op threads keep the cores busy. The pipeline object is immutable and may be reused;
// each run() owns its decoder and buffers. Throws MediaError, ModelError, or Cancelled.

#include "core/analysis/network_interfaces.h"
#include "core/analysis/pipeline_profile.h"
#include "core/analysis/snippet_cutter.h"
#include "core/common/cancellation.h"
#include "core/common/defaults.h"
#include "core/common/float_array.h"
#include "core/preprocess/snippet_preprocessor.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace vigil::analysis {

struct ExtractionOptions {
    BackboneKind backbone = defaults::kBackbone;
    preprocess::CropMode crops = defaults::kCrops;
    // I3D: how frames become snippets (resize, crops, normalisation, the last partial snippet).
    PreprocessPreset preset = defaults::kPreset;
    int64_t frameStep = defaults::kFrameStep; // 2D backbone: every Nth frame is one step
    int64_t framesPerBatch = 8; // 2D backbone: frames per forward pass
    // I3D: snippets per forward pass. In oneDNN's blocked layout one snippet per pass is the
    // fastest on 2 cores (vigil_bench: about 190-210 GFLOP/s at batch 1, 160-180 at 2, 160 at 4;
    // the activations of one snippet stay in cache); ten crops make a batch of 10 anyway.
    int64_t snippetsPerBatch = 1;
    size_t queueCapacity = 3; // batches waiting between decode and network: enough to hide
                              // decoding, and peak memory stays flat
};

struct ExtractionProgress {
    int64_t framesDecoded = 0;
    int64_t framesEstimate = 0; // 0 when the container does not say
    int64_t stepsExtracted = 0;
    // The steps framesEstimate makes (FeaturePipeline::stepsOfFrames); 0 when unknown. The
    // decoder runs ahead of the network by the queue, so this, not the frames, says how much of
    // the work is done.
    int64_t stepsEstimate = 0;
    // A run with detectors of other features extracts the video once per family (engine.h):
    // which pass this is, from 0, of how many. The counts above are this pass's.
    int pass = 0;
    int passes = 1;
};
using ExtractionProgressCallback = std::function<void(const ExtractionProgress&)>;
// The features of each forward pass as they are extracted, [steps, crops, featureSize], so a
// viewer can score windows while the video is still being decoded. Called on run()'s thread.
using ExtractedStepsCallback = std::function<void(const FloatArray& steps)>;

struct ExtractedFeatures {
    std::string path;
    int width = 0;
    int height = 0;
    double fps = 0.0;
    double durationS = 0.0;
    int64_t frames = 0; // decoded
    std::vector<int64_t> framePtsUs; // one per decoded frame
    int64_t framesPerStep = defaults::kSnippetFrames;
    FloatArray features; // [steps, crops, featureSize]
    std::vector<std::string> warnings;
    PipelineProfile profile; // where the time went (vigil analyze --profile)
};

class FeaturePipeline {
public:
    FeaturePipeline(std::shared_ptr<const FeatureExtractor> extractor, ExtractionOptions options);

    ExtractedFeatures run(const std::string& path, const CancellationToken& cancel,
        const ExtractionProgressCallback& onProgress = {},
        const ExtractedStepsCallback& onSteps = {}) const;

    int64_t cropCount() const;
    int64_t framesPerStep() const;
    // The feature steps a video of `frames` frames gives: whole snippets for the extractor tool's
    // preset, a loop-padded last one for rtfm, every frameStep-th frame for the 2D backbone.
    int64_t stepsOfFrames(int64_t frames) const;
    const ExtractionOptions& options() const { return options_; }
    // The network itself, for callers that cut their own inputs (vigil watch, snippet by snippet).
    const FeatureExtractor& extractor() const { return *extractor_; }

private:
    std::shared_ptr<const FeatureExtractor> extractor_;
    ExtractionOptions options_;
};

} // namespace vigil::analysis
