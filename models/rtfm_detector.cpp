#include "models/rtfm_detector.h"

#include "models/detector_loading.h"
#include "models/torch_adapters.h"

namespace vigil::models {
namespace {

// Fixed, so demo scores are the same from run to run on one LibTorch build.
constexpr uint64_t kDemoRtfmSeed = 2021;

} // namespace

TorchRtfmDetector::TorchRtfmDetector(Rtfm network)
    : network_(network.ptr())
{
}

analysis::VideoScores TorchRtfmDetector::score(const FloatArray& features) const
{
    return scoreGuarded("RTFM", features, [&] { return network_->forward(toTensor(features)); });
}

int64_t TorchRtfmDetector::featureSize() const
{
    return network_->options().featureSize;
}

engine::LoadedDetector loadRtfm(const std::string& weightsPath, const RtfmOptions& options)
{
    seedIfDemo(weightsPath, kDemoRtfmSeed);
    Rtfm network(options);
    engine::LoadedDetector loaded = loadDetectorWeights(*network, weightsPath);
    loaded.detector = std::make_shared<TorchRtfmDetector>(network);
    return loaded;
}

} // namespace vigil::models
