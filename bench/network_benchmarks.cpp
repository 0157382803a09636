// The backbones per batch size and load-time tuning, through the same FeatureExtractor the
// pipeline calls (models/model_factory.h), on demo weights (speed does not depend on values).
// Items are network inputs: I3D snippet-crops [3, 16, 224, 224] or ResNet-50 images.
// Threads: VIGIL_BENCH_THREADS (default: all cores). Counter GFLOP/s counts convolutions only
// (analysis::backboneGflopPerInput: 32.83 for I3D, 8.17 for ResNet-50, multiply-add = 2) over
// real time; cpu_s/item is the CPU time of the whole process (all threads) per input, which a
// busy machine disturbs less than wall time.
//
// Args: {batch, tuning}; tuning 0 = plain (BatchNorm, NCDHW), 1 = BatchNorm folded,
// 2 = folded + channels-last, 3 = folded + oneDNN's blocked layout (the default that vigil uses).

#include "core/analysis/pipeline_profile.h"
#include "models/model_factory.h"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

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

models::BackboneTuning tuningOf(int64_t code)
{
    using models::BackboneLayout;
    const BackboneLayout layouts[] = { BackboneLayout::Contiguous, BackboneLayout::Contiguous,
        BackboneLayout::ChannelsLast, BackboneLayout::Blocked };
    return { code >= 1, layouts[code] };
}

// One network per (kind, tuning), kept for the whole run: loading is not what is measured.
const analysis::FeatureExtractor& extractor(BackboneKind kind, int64_t tuning)
{
    static std::map<std::pair<BackboneKind, int64_t>,
        std::shared_ptr<const analysis::FeatureExtractor>>
        cache;
    auto& slot = cache[{ kind, tuning }];
    if (!slot) {
        const char* threads = std::getenv("VIGIL_BENCH_THREADS");
        models::setThreadCount(threads ? std::atoi(threads) : 0);
        slot = models::loadBackbone(kind, "", tuningOf(tuning)).extractor;
    }
    return *slot;
}

void runBackbone(benchmark::State& state, BackboneKind kind, std::vector<int64_t> inputShape)
{
    const int64_t batch = state.range(0);
    inputShape.insert(inputShape.begin(), batch);
    FloatArray input = FloatArray::zeros(inputShape);
    for (size_t i = 0; i < input.values.size(); ++i)
        input.values[i] = static_cast<float>(static_cast<int>(i % 255) - 127) / 128.0f;
    const analysis::FeatureExtractor& network = extractor(kind, state.range(1));
    network.extract(input); // warm-up: oneDNN primitives are created on the first call
    const double cpuStart = processCpuSeconds();
    for (auto _ : state)
        benchmark::DoNotOptimize(network.extract(input).data());
    state.SetItemsProcessed(state.iterations() * batch);
    state.counters["cpu_s/item"]
        = (processCpuSeconds() - cpuStart) / static_cast<double>(state.iterations() * batch);
    state.counters["GFLOP/s"] = benchmark::Counter(
        static_cast<double>(state.iterations() * batch) * analysis::backboneGflopPerInput(kind),
        benchmark::Counter::kIsRate);
}

void BM_I3dResNet50(benchmark::State& state)
{
    runBackbone(state, BackboneKind::I3dResNet50, { 3, 16, 224, 224 });
}
BENCHMARK(BM_I3dResNet50)
    ->ArgsProduct({ { 1, 2, 4 }, { 0, 1, 2, 3 } })
    ->ArgNames({ "batch", "tuning" })
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_ResNet50(benchmark::State& state)
{
    runBackbone(state, BackboneKind::ResNet50, { 3, 224, 224 });
}
BENCHMARK(BM_ResNet50)
    ->ArgsProduct({ { 1, 4, 16 }, { 0, 1, 2, 3 } })
    ->ArgNames({ "batch", "tuning" })
    ->Iterations(3)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
} // namespace vigil::bench
