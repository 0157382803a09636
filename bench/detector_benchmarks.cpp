// What each detector costs next to the attention classifier, on the same ten-crop features
// ([crops, steps, 2048], demo weights: the cost does not depend on the values): a whole-video
// detector scores a video's steps in spans (analysis::scoreDetectors), the classifier a window of
// 32 steps (BM_ClassifierWindow in stage_benchmarks.cpp). range(0): the detector
// (DetectorKind), range(1): steps. 64 steps is a live span (defaults::kLiveDetectorSpanSteps),
// 1024 an offline span (defaults::kDetectorSpanSteps). Items are steps, so items_per_second
// compares directly with the classifier's windows x 32.

#include "core/analysis/detector_scoring.h"
#include "core/common/defaults.h"
#include "models/model_factory.h"

#include <benchmark/benchmark.h>

namespace vigil::bench {
namespace {

constexpr int64_t kCrops = 10;
constexpr int64_t kFramesPerStep = 16;

void BM_Detector(benchmark::State& state)
{
    models::setThreadCount(0);
    const auto kind = static_cast<DetectorKind>(state.range(0));
    const int64_t steps = state.range(1);
    const models::LoadedDetector loaded = models::loadDetector(kind, "");
    const analysis::SelectedDetector selected { kind, loaded.detector, loaded.weights };
    FloatArray features = FloatArray::zeros({ steps, kCrops, 2048 });
    for (size_t i = 0; i < features.values.size(); ++i)
        features.values[i] = static_cast<float>(i % 97) / 97.0f; // not all zero: MGFN's magnitude
    for (auto _ : state)
        benchmark::DoNotOptimize(
            analysis::scoreDetectors(features, { selected }, kFramesPerStep, steps * kFramesPerStep)
                .data());
    state.SetLabel(toString(kind) + ", " + std::to_string(kCrops) + " crops");
    state.SetItemsProcessed(state.iterations() * steps);
}
BENCHMARK(BM_Detector)
    ->ArgsProduct(
        { { static_cast<int64_t>(DetectorKind::Rtfm), static_cast<int64_t>(DetectorKind::S3r),
              static_cast<int64_t>(DetectorKind::Mgfn) },
            { defaults::kLiveDetectorSpanSteps, 512 } })
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace vigil::bench
