#include "models/urdmu_detector.h"

#include "core/analysis/detector_table.h"
#include "models/detector_loading.h"
#include "models/torch_video_detector.h"

namespace vigil::models {
namespace {

// Fixed, so demo scores are the same from run to run on one LibTorch build.
constexpr uint64_t kDemoUrdmuSeed = 2022;

} // namespace

engine::LoadedDetector loadUrdmu(const std::string& weightsPath, const UrdmuOptions& options)
{
    seedIfDemo(weightsPath, kDemoUrdmuSeed);
    Urdmu network(options);
    engine::LoadedDetector loaded = loadDetectorWeights(*network, weightsPath);
    loaded.detector = std::make_shared<TorchVideoDetector<Urdmu>>(
        network, std::string(analysis::detectorRow(DetectorKind::Urdmu).name));
    return loaded;
}

} // namespace vigil::models
