#include "models/mgfn_detector.h"

#include "core/common/error.h"
#include "core/models_store/checksum_cache.h"
#include "models/state_dict_loader.h"
#include "models/state_dict_reader.h"
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
    c10::InferenceMode inference;
    try {
        const MgfnOutput output = network_->forward(toTensor(features));
        return { toFloatArray(output.scores).values, toFloatArray(output.magnitudes).values,
            toFloatArray(output.attention) };
    } catch (const c10::Error& error) {
        throw ModelError("MGFN failed on features " + features.shapeText() + ": "
            + error.what_without_backtrace());
    }
}

int64_t TorchMgfnDetector::featureSize() const
{
    return network_->options().featureSize;
}

engine::LoadedDetector loadMgfn(const std::string& weightsPath, const MgfnOptions& options)
{
    engine::LoadedDetector loaded;
    if (weightsPath.empty())
        torch::manual_seed(kDemoMgfnSeed);
    Mgfn network(options);
    if (weightsPath.empty()) {
        loaded.weights.provenance = Provenance::Demo;
    } else {
        const StateDict dict = withoutPrefix(readStateDict(weightsPath), "module.");
        loaded.ignoredKeys = loadStateDict(*network, dict, weightsPath).ignoredKeys;
        loaded.weights
            = { weightsPath, models_store::cachedSha256OfFile(weightsPath), Provenance::File, "" };
    }
    network->eval();
    loaded.detector = std::make_shared<TorchMgfnDetector>(network);
    return loaded;
}

} // namespace vigil::models
