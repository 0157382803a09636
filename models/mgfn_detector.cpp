#include "models/mgfn_detector.h"

#include "core/analysis/detector_table.h"
#include "models/detector_loading.h"
#include "models/torch_video_detector.h"

namespace vigil::models {
namespace {

// Fixed, so demo scores are the same from run to run on one LibTorch build.
constexpr uint64_t kDemoMgfnSeed = 2023;

} // namespace

engine::LoadedDetector loadMgfn(const std::string& weightsPath, const MgfnOptions& options)
{
    seedIfDemo(weightsPath, kDemoMgfnSeed);
    Mgfn network(options);
    engine::LoadedDetector loaded = loadDetectorWeights(*network, weightsPath);
    loaded.detector = std::make_shared<TorchVideoDetector<Mgfn>>(
        network, std::string(analysis::detectorRow(DetectorKind::Mgfn).name));
    return loaded;
}

} // namespace vigil::models
