#pragma once
// The seam through which the engine gets networks without seeing LibTorch: core declares it,
// models/ implements it (models::TorchNetworkLoader), app/ injects it. A loaded network is
// immutable and shared as core/engine/engine.h says; loading changes no process-wide state (the
// thread count is set at start-up). Implementations throw vigil::ModelError naming the file.

#include "core/analysis/analysis_result.h"
#include "core/analysis/network_interfaces.h"
#include "core/analysis/video_detector.h"
#include "core/analysis/window_explanation.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace vigil::engine {

// Gives the calling thread alone `threads` of the cores for the networks it runs next (LibTorch's
// intra-op count is per thread once a thread has run a network); for a thread of a run's own,
// such as a batch job's, so that the other runs of the process keep theirs.
using ThreadControl = std::function<void(int threads)>;

struct LoadedBackbone {
    std::shared_ptr<const analysis::FeatureExtractor> extractor;
    analysis::WeightsInfo weights;
    std::vector<std::string> ignoredKeys; // tensors in the file the network does not use
    int64_t inputsPerPass = 0; // network inputs per forward pass; 0: the whole batch
    std::string setup; // layout, inputs per pass, threads, and how they were chosen (one line)
};

struct LoadedClassifier {
    std::shared_ptr<const analysis::WindowScorer> scorer;
    std::shared_ptr<const analysis::WindowExplainer> explainer; // the same network, step by step
    analysis::WeightsInfo weights;
    int64_t hiddenSize = 0; // d_a
    int64_t rows = 0; // r
    std::vector<std::string> ignoredKeys;
};

struct LoadedDetector {
    std::shared_ptr<const analysis::VideoDetector> detector;
    analysis::WeightsInfo weights;
    std::vector<std::string> ignoredKeys;
};

class NetworkLoader {
public:
    virtual ~NetworkLoader() = default;
    // An empty path means seeded demo weights. precision: checked before (precision_check.h).
    virtual LoadedBackbone loadBackbone(BackboneKind kind, const std::string& path,
        ComputeDevice device, Precision precision) const = 0;
    virtual LoadedClassifier loadClassifier(const std::string& path) const = 0;
    // A whole-video detector at its published widths; refuses another architecture's file.
    // dictionaryPath: S3R's dictionary (empty for the others). For S3R, weights alone or a
    // dictionary alone are checked and give no detector (what an import needs).
    virtual LoadedDetector loadDetector(
        DetectorKind kind, const std::string& path, const std::string& dictionaryPath) const = 0;
    // Empty when the device can be used; else why not, in one sentence.
    virtual std::string deviceProblem(ComputeDevice device) const = 0;
    // Empty for networks whose threads cannot be set per thread (the fakes of the tests).
    virtual ThreadControl threadControl() const { return {}; }
};

} // namespace vigil::engine
