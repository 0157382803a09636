#include "models/backbone_calibration.h"

#include "core/common/defaults.h"
#include "models/model_factory.h"

#include <torch/torch.h>
#include <torch/version.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>
#include <thread>

namespace vigil::models {
namespace {

using Clock = std::chrono::steady_clock;

std::string environment(const char* name)
{
    const char* value = std::getenv(name);
    return value == nullptr ? std::string() : std::string(value);
}

BackboneLayout toModels(tuning::Layout layout)
{
    switch (layout) {
    case tuning::Layout::Contiguous:
        return BackboneLayout::Contiguous;
    case tuning::Layout::ChannelsLast:
        return BackboneLayout::ChannelsLast;
    case tuning::Layout::Blocked:
        return BackboneLayout::Blocked;
    }
    return BackboneLayout::Blocked;
}

// Demo-weight networks, one per layout, made on first use: speed does not depend on the values.
// One warm-up pass (oneDNN creates its primitives for each new shape), then the best of two.
class TorchTimer : public tuning::TimingSource {
public:
    TorchTimer(BackboneKind kind, Precision precision)
        : kind_(kind)
        , precision_(precision)
        , threads_(threadCount())
    {
    }
    ~TorchTimer() override
    {
        if (threadCount() != threads_)
            setThreadCount(threads_);
    }

    double secondsPerSnippet(const tuning::BackboneSetup& setup) override
    {
        if (setup.threads != threadCount())
            setThreadCount(setup.threads);
        auto& network = networks_[setup.layout];
        if (!network) {
            BackboneTuning tuning { true, toModels(setup.layout), 0 };
            tuning.precision = precision_;
            network = loadBackbone(kind_, "", tuning).extractor;
        }
        FloatArray input
            = FloatArray::zeros({ setup.snippetsPerPass, 3, defaults::kSnippetFrames, 224, 224 });
        for (size_t i = 0; i < input.values.size(); ++i)
            input.values[i] = static_cast<float>(static_cast<int>(i % 251) - 125) / 128.0f;
        network->extract(input);
        double best = 0.0;
        for (int repeat = 0; repeat < 2; ++repeat) {
            const auto start = Clock::now();
            network->extract(input);
            const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
            best = repeat == 0 ? seconds : std::min(best, seconds);
        }
        return best / static_cast<double>(setup.snippetsPerPass);
    }

private:
    BackboneKind kind_;
    Precision precision_;
    int threads_;
    std::map<tuning::Layout, std::shared_ptr<const analysis::FeatureExtractor>> networks_;
};

} // namespace

std::string libtorchVersion()
{
    return std::to_string(TORCH_VERSION_MAJOR) + "." + std::to_string(TORCH_VERSION_MINOR) + "."
        + std::to_string(TORCH_VERSION_PATCH);
}

tuning::MachineKey machineKey(BackboneKind kind, Precision precision)
{
    // "i3d-r50" keeps the float32 calibrations cached before bf16 existed valid.
    const std::string network
        = toString(kind) + (precision == Precision::Bf16 ? " " + toString(precision) : "");
    tuning::MachineKey key { tuning::readCpuInfo(), libtorchVersion(), network, threadCount() };
    // oneDNN's kernels follow this cap, not the CPU's flags (it is how an AVX-512 machine runs
    // the AVX2 kernels): a capped run is another machine for the calibration.
    for (const char* cap : { "ONEDNN_MAX_CPU_ISA", "DNNL_MAX_CPU_ISA" })
        if (const std::string isa = environment(cap); !isa.empty())
            key.cpu.vectorFlags += ", oneDNN " + isa;
    return key;
}

tuning::ResolvedSetup calibratedSetup(BackboneKind kind, ThreadSearch threads, Precision precision)
{
    tuning::SearchSpace space = tuning::defaultSearchSpace(threadCount(), torch::hasMKLDNN());
    if (threads == ThreadSearch::Fixed)
        space.threads = { threadCount() };
    tuning::CalibrationOverrides overrides = tuning::overridesFromEnvironment(environment);
    if (!isCalibrated(kind)) {
        // ResNet-50's batches are frames, not snippets: the calibration is I3D's alone.
        overrides.mode = tuning::CalibrationOverrides::Mode::Off;
        overrides.snippetsPerPass.reset();
    }
    return tuning::resolveSetup(machineKey(kind, precision), space, overrides,
        tuning::defaultCalibrationFile(environment),
        [kind, precision] { return std::make_unique<TorchTimer>(kind, precision); });
}

double measureGemmGflops(int64_t n, int repeats)
{
    c10::InferenceMode inference;
    torch::manual_seed(1);
    const torch::Tensor a = torch::randn({ n, n });
    const torch::Tensor b = torch::randn({ n, n });
    torch::Tensor c = torch::mm(a, b);
    double best = 0.0;
    for (int repeat = 0; repeat < repeats; ++repeat) {
        const auto start = Clock::now();
        torch::mm_out(c, a, b);
        const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
        best = std::max(best, 2.0 * static_cast<double>(n * n * n) / seconds / 1e9);
    }
    return best;
}

} // namespace vigil::models
