// The backbones per batch size and load-time tuning, through the same FeatureExtractor the
// pipeline calls (models/model_factory.h), on demo weights (speed does not depend on values).
// Items are network inputs: I3D snippet-crops [3, 16, 224, 224] or ResNet-50 images.
// Threads: VIGIL_BENCH_THREADS (default: all cores). Counter GFLOP/s counts convolutions only
// (analysis::backboneGflopPerInput: 32.83 for I3D, 8.17 for ResNet-50, multiply-add = 2) over
// real time, and %peak is that against the machine's float32 GEMM peak (BM_GemmPeak: torch::mm,
// the BLAS and threads the networks use, best of 1024, 1536 and 2048 square), %fma_peak against
// the CPU's own FMA peak on as many threads (BM_FmaPeak, bench/fma_peak.h); cpu_s/item is the
// CPU time of the whole process (all threads) per input, which a busy machine disturbs less than
// wall time.
//
// Args: {batch, tuning}; tuning 0 = plain (BatchNorm, NCDHW), 1 = BatchNorm folded,
// 2 = folded + channels-last, 3 = folded + oneDNN's blocked layout one input per pass,
// 4 = the calibrated setup vigil runs (models::calibratedSetup: layout and inputs per pass for
// this CPU, cached; printed to stderr once), 5 = --precision bf16 (blocked, bfloat16 weights and
// activations; skipped where the CPU has no native bf16). GFLOP/s and the peaks stay float32's,
// so a bf16 row's %fma_peak is its speed against the float32 peak.

#include "bench/fma_peak.h"
#include "core/analysis/pipeline_profile.h"
#include "core/tuning/precision_check.h"
#include "models/backbone_calibration.h"
#include "models/model_factory.h"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>

namespace vigil::bench {
namespace {

double processCpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds
        = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

using analysis::BackboneKind;

void useBenchThreads()
{
    const char* threads = std::getenv("VIGIL_BENCH_THREADS");
    models::setThreadCount(threads ? std::atoi(threads) : 0);
}

models::BackboneTuning tuningOf(BackboneKind kind, int64_t code)
{
    using models::BackboneLayout;
    if (code == 5) {
        models::BackboneTuning bf16 { true, BackboneLayout::Blocked, 0 };
        bf16.precision = Precision::Bf16;
        return bf16;
    }
    if (code == 4) {
        const tuning::ResolvedSetup setup = models::calibratedSetup(kind);
        std::fprintf(stderr, "vigil_bench: %s calibrated: %s\n", toString(kind).c_str(),
            setup.text().c_str());
        models::setThreadCount(setup.setup.threads);
        return { true, setup.setup.layout,
            models::isCalibrated(kind) ? setup.setup.snippetsPerPass : 0 };
    }
    const BackboneLayout layouts[] = { BackboneLayout::Contiguous, BackboneLayout::Contiguous,
        BackboneLayout::ChannelsLast, BackboneLayout::Blocked };
    return { code >= 1, layouts[code] };
}

// Measured once per process, on the threads the backbones use.
double gemmPeakGflops()
{
    static const double peak = [] {
        useBenchThreads();
        double best = 0.0;
        for (int64_t n : { 1024, 1536, 2048 })
            best = std::max(best, models::measureGemmGflops(n, 5));
        return best;
    }();
    return peak;
}

void BM_GemmPeak(benchmark::State& state)
{
    useBenchThreads();
    double best = 0.0;
    for (auto _ : state)
        best = std::max(best, models::measureGemmGflops(state.range(0), 5));
    state.counters["GFLOP/s"] = best;
    state.counters["threads"] = models::threadCount();
    state.counters["peak_GFLOP/s"] = gemmPeakGflops();
}
BENCHMARK(BM_GemmPeak)->Arg(1024)->Arg(2048)->Iterations(1)->Unit(benchmark::kMillisecond);

// Measured once per process, on as many threads as the networks use.
const FmaPeak& fmaPeak()
{
    static const FmaPeak peak = [] {
        useBenchThreads();
        return measureFmaPeak(models::threadCount());
    }();
    return peak;
}

void BM_FmaPeak(benchmark::State& state)
{
    for (auto _ : state)
        benchmark::DoNotOptimize(fmaPeak().gflops);
    state.counters["GFLOP/s"] = fmaPeak().gflops;
    state.counters["threads"] = fmaPeak().threads;
    state.counters["fma_peak_GFLOP/s"] = fmaPeak().gflops;
    // run_bench.sh reads the label: "none" says the 0 is "not measured".
    state.SetLabel(
        fmaPeak().gflops > 0.0 ? fmaPeak().isa : "none: no AVX2+FMA or AVX-512, not measured");
}
BENCHMARK(BM_FmaPeak)->Iterations(1)->Unit(benchmark::kMillisecond);

// One network per (kind, tuning), kept for the whole run: loading is not what is measured.
const analysis::FeatureExtractor& extractor(BackboneKind kind, int64_t tuning)
{
    static std::map<std::pair<BackboneKind, int64_t>,
        std::shared_ptr<const analysis::FeatureExtractor>>
        cache;
    auto& slot = cache[{ kind, tuning }];
    if (!slot) {
        useBenchThreads();
        slot = models::loadBackbone(kind, "", tuningOf(kind, tuning)).extractor;
    }
    return *slot;
}

void runBackbone(benchmark::State& state, BackboneKind kind, std::vector<int64_t> inputShape)
{
    const int64_t batch = state.range(0);
    if (state.range(1) == 5) {
        if (const std::string problem
            = tuning::precisionProblem(Precision::Bf16, tuning::readCpuInfo(), ComputeDevice::Cpu);
            !problem.empty()) {
            state.SkipWithError(problem.c_str());
            return;
        }
    }
    inputShape.insert(inputShape.begin(), batch);
    FloatArray input = FloatArray::zeros(inputShape);
    for (size_t i = 0; i < input.values.size(); ++i)
        input.values[i] = static_cast<float>(static_cast<int>(i % 255) - 127) / 128.0f;
    const analysis::FeatureExtractor& network = extractor(kind, state.range(1));
    const double peak = gemmPeakGflops(); // both before the timing starts
    const double fma = fmaPeak().gflops;
    network.extract(input); // warm-up: oneDNN primitives are created on the first call
    const double cpuStart = processCpuSeconds();
    const auto start = std::chrono::steady_clock::now();
    for (auto _ : state)
        benchmark::DoNotOptimize(network.extract(input).data());
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    state.SetItemsProcessed(state.iterations() * batch);
    state.counters["cpu_s/item"]
        = (processCpuSeconds() - cpuStart) / static_cast<double>(state.iterations() * batch);
    state.counters["GFLOP/s"] = benchmark::Counter(
        static_cast<double>(state.iterations() * batch) * analysis::backboneGflopPerInput(kind),
        benchmark::Counter::kIsRate);
    const double gflops = static_cast<double>(state.iterations() * batch)
        * analysis::backboneGflopPerInput(kind) / elapsed.count();
    state.counters["%peak"] = 100.0 * gflops / peak;
    state.counters["peak_GFLOP/s"] = peak;
    if (fma > 0.0) { // no figure rather than a share of nothing
        state.counters["%fma_peak"] = 100.0 * gflops / fma;
        state.counters["fma_peak_GFLOP/s"] = fma;
    }
}

void BM_I3dResNet50(benchmark::State& state)
{
    runBackbone(state, BackboneKind::I3dResNet50, { 3, 16, 224, 224 });
}
BENCHMARK(BM_I3dResNet50)
    ->ArgsProduct({ { 1, 2, 4 }, { 0, 1, 2, 3, 4, 5 } })
    ->ArgNames({ "batch", "tuning" })
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Inception-I3D runs contiguous (models/i3d_inception_backbone.h): tuning 0 with BatchNorm, 1
// folded. Batch 10: one snippet's ten crops, as the urdmu preset gives them.
void BM_I3dInception(benchmark::State& state)
{
    runBackbone(state, BackboneKind::I3dInception, { 3, 16, 224, 224 });
}
BENCHMARK(BM_I3dInception)
    ->ArgsProduct({ { 1, 10 }, { 0, 1 } })
    ->ArgNames({ "batch", "tuning" })
    ->Iterations(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_ResNet50(benchmark::State& state)
{
    runBackbone(state, BackboneKind::ResNet50, { 3, 224, 224 });
}
BENCHMARK(BM_ResNet50)
    ->ArgsProduct({ { 1, 4, 16 }, { 0, 1, 2, 3, 4, 5 } })
    ->ArgNames({ "batch", "tuning" })
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
} // namespace vigil::bench
