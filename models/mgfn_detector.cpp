#include "models/mgfn_detector.h"

#include "models/detector_loading.h"
#include "models/torch_adapters.h"

namespace vigil::models {
namespace {

// Fixed, so demo scores are the same from run to run on one LibTorch build.
constexpr uint64_t kDemoMgfnSeed = 2023;

} // namespace

TorchMgfnDetector::TorchMgfnDetector(Mgfn network)
    : network_(network.ptr())
{
}

analysis::VideoScores TorchMgfnDetector::score(const FloatArray& features) const
{
    return scoreGuarded("MGFN", features, [&] { return network_->forward(toTensor(features)); });
}

int64_t TorchMgfnDetector::featureSize() const
{
    return network_->options().featureSize;
}

engine::LoadedDetector loadMgfn(const std::string& weightsPath, const MgfnOptions& options)
{
    seedIfDemo(weightsPath, kDemoMgfnSeed);
    Mgfn network(options);
    engine::LoadedDetector loaded = loadDetectorWeights(*network, weightsPath);
    loaded.detector = std::make_shared<TorchMgfnDetector>(network);
    return loaded;
}

} // namespace vigil::models
