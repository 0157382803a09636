#pragma once
// How app/ gets networks without seeing LibTorch: load weights (or make seeded demo weights),
// and get back core's interfaces. Loaded networks are immutable; the returned objects may be
// shared but each is used by one thread at a time. Throws vigil::ModelError naming the file.

#include "core/analysis/analysis_result.h"
#include "core/analysis/network_interfaces.h"
#include "core/analysis/window_explanation.h"

#include <memory>
#include <string>
#include <vector>

namespace vigil::models {

struct LoadedBackbone {
    std::shared_ptr<analysis::FeatureExtractor> extractor;
    analysis::WeightsInfo weights;
    std::vector<std::string> ignoredKeys; // tensors in the file the network does not use
};

struct LoadedClassifier {
    std::shared_ptr<analysis::WindowScorer> scorer;
    std::shared_ptr<analysis::WindowExplainer> explainer; // the same network, step by step
    analysis::WeightsInfo weights;
    int64_t hiddenSize = 0; // d_a
    int64_t rows = 0; // r
    std::vector<std::string> ignoredKeys;
};

// Load-time optimisations of a backbone (see models/i3d_resnet50.h); the defaults are the fastest.
// The benchmarks in bench/ turn them off one by one to measure what each buys.
enum class BackboneLayout {
    Contiguous, // PyTorch's default NCDHW / NCHW
    ChannelsLast, // ChannelsLast3d / ChannelsLast
    Blocked, // oneDNN's blocked layout end to end (needs foldBatchNorm; CPU)
};
struct BackboneTuning {
    bool foldBatchNorm = true;
    BackboneLayout layout = BackboneLayout::Blocked; // on CUDA: ChannelsLast instead
    // A batch is cut into forward passes of this many inputs; 0 picks the fastest measured here
    // (I3D in the blocked layout: 1, so ten crops run as ten passes; otherwise the whole batch).
    int64_t inputsPerPass = 0;
};

// Where the backbone runs. CUDA needs a LibTorch built with it (the official LibTorch CUDA
// package; Debian's libtorch is CPU-only): inputs are staged in pinned host memory and copied
// asynchronously while the decoder keeps working on the next batch.
enum class ComputeDevice { Cpu, Cuda };

// Empty when ComputeDevice::Cuda can be used; otherwise why not, in one sentence.
std::string cudaUnavailableReason();

// An empty weightsPath means seeded random ("demo") weights. Throws ModelError for CUDA when
// cudaUnavailableReason() is not empty.
LoadedBackbone loadBackbone(analysis::BackboneKind kind, const std::string& weightsPath,
    const BackboneTuning& tuning = {}, ComputeDevice device = ComputeDevice::Cpu);
LoadedClassifier loadClassifier(const std::string& weightsPath);

// Intra-op threads for every network; 0 means all cores.
void setThreadCount(int threads);
int threadCount();

} // namespace vigil::models
