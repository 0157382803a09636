#pragma once
// How app/ gets networks without seeing LibTorch: load weights (or make seeded demo weights),
// and get back core's interfaces. Loaded networks are immutable and shared by every thread at
// once (the threading contract of core/engine/engine.h). Throws vigil::ModelError naming the file.

#include "core/analysis/analysis_result.h"
#include "core/analysis/network_interfaces.h"
#include "core/analysis/window_explanation.h"
#include "core/engine/network_loader.h"
#include "core/tuning/backbone_setup.h"

#include <memory>
#include <string>
#include <vector>

namespace vigil::models {

using engine::LoadedBackbone;
using engine::LoadedClassifier;
using engine::LoadedDetector;

// Load-time optimisations of a backbone (see models/i3d_resnet50.h); the defaults are the fastest.
// The benchmarks in bench/ turn them off one by one to measure what each buys.
// Blocked needs foldBatchNorm and runs on the CPU only.
using BackboneLayout = tuning::Layout;
struct BackboneTuning {
    bool foldBatchNorm = true;
    BackboneLayout layout = BackboneLayout::Blocked; // on CUDA: ChannelsLast instead
    // A batch is cut into forward passes of this many inputs; 0: I3D in the blocked layout one
    // per pass (so ten crops run as ten passes), otherwise the whole batch. TorchNetworkLoader
    // sets it from the calibration (models/backbone_calibration.h).
    int64_t inputsPerPass = 0;
    // Bf16: the folded network's weights and its activations in bfloat16 (the features come
    // back as float32); CPU only, in any layout (blocked: the fastest, bf16 convolutions of oneDNN;
    // float32 and bfloat16 alike).
    Precision precision = Precision::Fp32;
};

// Where the backbone runs. CUDA needs a LibTorch built with it (the official LibTorch CUDA
// package; Debian's libtorch is CPU-only): inputs are staged in pinned host memory and copied
// asynchronously while the decoder keeps working on the next batch.
using vigil::ComputeDevice;

// Empty when ComputeDevice::Cuda can be used; otherwise why not, in one sentence.
std::string cudaUnavailableReason();

// Whether the calibration (models/backbone_calibration.h) picks the backbone's inputs per pass:
// I3D's snippets; ResNet-50's frames go in batches of their own.
bool isCalibrated(BackboneKind kind);

// An empty weightsPath means seeded random ("demo") weights. Throws ModelError for CUDA when
// cudaUnavailableReason() is not empty.
LoadedBackbone loadBackbone(analysis::BackboneKind kind, const std::string& weightsPath,
    const BackboneTuning& tuning = {}, ComputeDevice device = ComputeDevice::Cpu);
LoadedClassifier loadClassifier(const std::string& weightsPath);
// A whole-video detector at its published widths (models/rtfm_detector.h, models/mgfn_detector.h).
// dictionaryPath: S3R's (models/s3r_detector.h); the others have none.
LoadedDetector loadDetector(
    DetectorKind kind, const std::string& weightsPath, const std::string& dictionaryPath = {});

// Intra-op threads for every network; 0 means all cores. Process-wide: not while a network runs.
void setThreadCount(int threads);
int threadCount(); // the calling thread's
// The calling thread's networks alone run on `threads` cores (0: all) from now on; the count
// other threads have, or will start with, stays (engine::ThreadControl). models/thread_count.cpp.
void useThreadsOnThisThread(int threads);

// A front end's start-up, before any network runs (core/engine/engine.h): `requested` threads
// (0: all cores), and on the CPU with `calibrated`, as many as the calibration of `backbone`
// (models/backbone_calibration.h) found fastest within them, in `precision`; that may measure the
// CPU once.
enum class ThreadChoice { Requested, Calibrated };
void setUpThreads(int requested, BackboneKind backbone, ComputeDevice device, ThreadChoice choice,
    Precision precision = Precision::Fp32);

// The engine's way to the functions above (core/engine/network_loader.h); app/ hands one to
// engine::Engine::load. Stateless; on the CPU a backbone runs in the layout and passes that
// calibratedSetup() says, on the threads set at start-up (setUpThreads).
class TorchNetworkLoader : public engine::NetworkLoader {
public:
    LoadedBackbone loadBackbone(BackboneKind kind, const std::string& path, ComputeDevice device,
        Precision precision) const override;
    LoadedClassifier loadClassifier(const std::string& path) const override;
    LoadedDetector loadDetector(DetectorKind kind, const std::string& path,
        const std::string& dictionaryPath) const override;
    std::string deviceProblem(ComputeDevice device) const override;
    engine::ThreadControl threadControl() const override { return &useThreadsOnThisThread; }
};

} // namespace vigil::models
