#include "models/rtfm_detector.h"

#include "core/analysis/detector_table.h"
#include "models/detector_loading.h"
#include "models/torch_video_detector.h"

namespace vigil::models {
namespace {

// Fixed, so demo scores are the same from run to run on one LibTorch build.
constexpr uint64_t kDemoRtfmSeed = 2021;

} // namespace

engine::LoadedDetector loadRtfm(const std::string& weightsPath, const RtfmOptions& options)
{
    seedIfDemo(weightsPath, kDemoRtfmSeed);
    Rtfm network(options);
    engine::LoadedDetector loaded = loadDetectorWeights(*network, weightsPath);
    loaded.detector = std::make_shared<TorchVideoDetector<Rtfm>>(
        network, std::string(analysis::detectorRow(DetectorKind::Rtfm).name));
    return loaded;
}

} // namespace vigil::models
