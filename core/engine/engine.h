#pragma once
// The one engine every front end drives (vigil analyze, features, score, explain, batch, watch,
// and the desktop app): it holds the networks a run resolved (core/engine/weights_plan.h), loaded
// once and shared, and runs extraction and scoring with them. Throws MediaError, ModelError,
// IoError, or Cancelled.
//
// Threading, the one contract every network and run follows (other headers point here):
// - An Engine and the networks it holds (analysis::FeatureExtractor, WindowScorer,
//   WindowExplainer) are immutable once loaded. Any number of threads may use one engine at the
//   same time: analyses, batch jobs and live sessions alike; every const method of a network may
//   run on several threads at once, and an implementation keeps no state between calls.
// - Per-run state (decoder, queues, buffers, progress, a live session's window) belongs to the
//   run and to the thread that runs it.
// - Process-wide settings (LibTorch's intra-op thread count) are set once at start-up by the
//   front end (models::setUpThreads), before any network runs; nothing changes them during a run,
//   and loading an engine never does (a loader's calibration keeps the thread count fixed). A
//   thread of a run's own may take its share for itself alone (useThreadsOnThisThread): the jobs
//   of a batch beside the desktop app's other runs. The
//   one exception is making the demo (app/demo_setup.cpp trains its classifier on one thread, so
//   that every machine makes the same one); the desktop app cancels its analysis first, and a
//   batch or live session running then runs on one thread until the demo is made.

#include "core/analysis/detector_scoring.h"
#include "core/analysis/feature_pipeline.h"
#include "core/analysis/video_analysis.h"
#include "core/engine/model_request.h"
#include "core/engine/network_loader.h"
#include "core/engine/weights_plan.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vigil::engine {

// A family of features other than the backbone's, for the detectors that read it (UR-DMU's
// Inception-I3D features beside the classifier's I3D-ResNet-50 ones): its own backbone, run by
// its own pipeline over the same video once the first extraction is done.
struct OtherFamily {
    BackboneKind backbone = defaults::kBackbone;
    std::shared_ptr<const analysis::FeaturePipeline> pipeline;
    analysis::WeightsInfo weights;
};

// The networks of a run; a null pointer is a network the run does not need.
struct Networks {
    std::shared_ptr<const analysis::FeatureExtractor> backbone;
    std::shared_ptr<const analysis::WindowScorer> classifier;
    std::shared_ptr<const analysis::WindowExplainer> explainer;
    std::vector<analysis::SelectedDetector> detectors; // --detectors, beside the classifier
    std::vector<OtherFamily> otherFamilies; // the families of detectors --backbone does not make
    analysis::ModelDescription description; // what every result says about its networks
    std::vector<std::string> warnings; // about the choice of weights, added to every result
    std::string backboneSetup; // LoadedBackbone::setup, for --profile and vigil_bench
    int64_t backboneInputsPerPass = 0;
    int threads = 0; // ModelRequest::threads: the cores the front end gave the networks; 0: all
    ThreadControl threadControl; // the loader's (NetworkLoader::threadControl); may be empty
};

class Engine {
public:
    Engine(Networks networks, analysis::ExtractionOptions extraction, ComputeDevice device);

    // Loads what the plan names. The plan must be able to run (WeightsPlan::canRun); throws
    // ModelError naming a file that cannot be loaded, or the device that cannot be used.
    // request.threads is not applied here: see the threading contract above.
    static Engine load(
        const WeightsPlan& plan, const ModelRequest& request, const NetworkLoader& loader);

    const analysis::ModelDescription& description() const { return networks_.description; }
    const std::vector<std::string>& warnings() const { return networks_.warnings; }
    ComputeDevice device() const { return device_; }
    const std::string& backboneSetup() const { return networks_.backboneSetup; }
    int threads() const { return networks_.threads; }
    // The calling thread's networks run on `threads` cores from now on, the other threads' as
    // they were; nothing where the loader cannot set it per thread. For a thread of its own.
    void useThreadsOnThisThread(int threads) const
    {
        if (networks_.threadControl)
            networks_.threadControl(threads);
    }
    bool canExtract() const { return pipeline_ != nullptr; }
    bool canScore() const { return networks_.classifier != nullptr; }
    const analysis::FeaturePipeline& pipeline() const; // canExtract() must hold
    const analysis::WindowScorer& classifier() const; // canScore() must hold
    std::shared_ptr<const analysis::WindowExplainer> explainer() const
    {
        return networks_.explainer;
    }
    // Every detector, those of the other families included.
    const std::vector<analysis::SelectedDetector>& detectors() const { return networks_.detectors; }
    const std::vector<OtherFamily>& otherFamilies() const { return networks_.otherFamilies; }

    analysis::ExtractedFeatures extract(const std::string& path, const CancellationToken& cancel,
        const analysis::ExtractionProgressCallback& onProgress = {},
        const analysis::ExtractedStepsCallback& onSteps = {}) const;
    // The video once more per other family (the detectors of features --backbone does not
    // make), in otherFamilies() order; none without them. onProgress: passes 1 onwards.
    std::vector<analysis::ExtractedFeatures> extractOtherFamilies(const std::string& path,
        const CancellationToken& cancel,
        const analysis::ExtractionProgressCallback& onProgress = {}) const;
    // Scores extracted features with the classifier and the detectors of their family, and
    // `others` (extractOtherFamilies') with theirs; the result carries this engine's
    // description and warnings, and what each extraction cost.
    analysis::AnalysisResult score(const analysis::ExtractedFeatures& extracted,
        const analysis::WindowSettings& windows,
        const std::vector<analysis::ExtractedFeatures>& others = {}) const;
    // Features of an earlier extraction (vigil score). madeWith: the backbone, crops and
    // backbone weights the features' sidecar names; without it they are "unknown".
    analysis::AnalysisResult scoreFeatures(const FloatArray& features, const std::string& path,
        const analysis::WindowSettings& windows, const analysis::FeatureTiming& timing,
        const analysis::ModelDescription* madeWith) const;
    analysis::AnalysisResult analyze(const std::string& path,
        const analysis::WindowSettings& windows, const CancellationToken& cancel,
        const analysis::ExtractionProgressCallback& onProgress = {}) const;

private:
    Networks networks_;
    std::shared_ptr<const analysis::FeaturePipeline> pipeline_;
    ComputeDevice device_;
};

// What the pipeline is asked for: backbone, crops, frame step, and batch sizes for the device.
analysis::ExtractionOptions extractionOptions(const ModelRequest& request);

} // namespace vigil::engine
