#include "models/detector_loading.h"

#include "core/models_store/checksum_cache.h"
#include "models/state_dict_loader.h"
#include "models/state_dict_reader.h"

#include <algorithm>

namespace vigil::models {
namespace {

StateDict withoutUnused(StateDict dict, const std::vector<std::string>& prefixes)
{
    if (prefixes.empty())
        return dict;
    StateDict kept;
    for (auto& [key, tensor] : dict) {
        const bool isUnused = std::any_of(prefixes.begin(), prefixes.end(),
            [&key = key](const std::string& prefix) { return key.rfind(prefix, 0) == 0; });
        if (!isUnused)
            kept.emplace_back(key, std::move(tensor));
    }
    return kept;
}

} // namespace

void seedIfDemo(const std::string& weightsPath, uint64_t demoSeed)
{
    if (weightsPath.empty())
        torch::manual_seed(demoSeed);
}

engine::LoadedDetector loadDetectorWeights(torch::nn::Module& network,
    const std::string& weightsPath, const std::vector<std::string>& unusedPrefixes)
{
    if (weightsPath.empty()) {
        engine::LoadedDetector loaded;
        loaded.weights.provenance = Provenance::Demo;
        network.eval();
        return loaded;
    }
    return loadDetectorWeights(network, weightsPath,
        withoutUnused(withoutPrefix(readStateDict(weightsPath), "module."), unusedPrefixes));
}

engine::LoadedDetector loadDetectorWeights(
    torch::nn::Module& network, const std::string& weightsPath, StateDict dict)
{
    engine::LoadedDetector loaded;
    loaded.ignoredKeys = loadStateDict(network, std::move(dict), weightsPath).ignoredKeys;
    loaded.weights
        = { weightsPath, models_store::cachedSha256OfFile(weightsPath), Provenance::File, "" };
    network.eval();
    return loaded;
}

} // namespace vigil::models
