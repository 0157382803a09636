#include "models/model_factory.h"

#include "core/common/error.h"
#include "core/io/sha256.h"
#include "models/i3d_resnet50.h"
#include "models/resnet50.h"
#include "models/state_dict_loader.h"
#include "models/state_dict_reader.h"
#include "models/torch_adapters.h"

#include <thread>

namespace vigil::models {
namespace {

// Fixed seeds make demo results reproducible from run to run on one LibTorch build.
constexpr uint64_t kDemoBackboneSeed = 20240301;
constexpr uint64_t kDemoClassifierSeed = 9111;

analysis::WeightsInfo describeFile(const std::string& path)
{
    return {path, io::sha256OfFile(path), "file"};
}

analysis::WeightsInfo describeDemo() { return {"", "", "demo"}; }

// Demo networks are seeded before construction, so their default initialisation is the same
// from run to run on one LibTorch build.
template <typename Network>
Network construct(const std::string& path, uint64_t seed)
{
    if (path.empty())
        torch::manual_seed(seed);
    return Network();
}

template <typename Network>
LoadedBackbone makeBackbone(const std::string& path, uint64_t seed)
{
    std::shared_ptr<typename Network::Impl> network = construct<Network>(path, seed).ptr();
    LoadedBackbone loaded;
    if (!path.empty())
        loaded.ignoredKeys = loadStateDict(*network, readStateDict(path), path).ignoredKeys;
    network->eval();
    loaded.weights = path.empty() ? describeDemo() : describeFile(path);
    auto forward = [raw = network.get()](const torch::Tensor& input) { return raw->forward(input); };
    loaded.extractor = std::make_shared<TorchFeatureExtractor>(
        network, forward, Network::Impl::kFeatureSize);
    return loaded;
}

int64_t requireDim(const StateDict& dict, const std::string& key, int64_t axis,
    const std::string& path)
{
    for (const auto& [name, tensor] : dict)
        if (name == key) {
            if (tensor.dim() != 2)
                throw ModelError(path + ": tensor '" + key + "' should be a matrix");
            return tensor.size(axis);
        }
    throw ModelError(path + ": missing tensor '" + key + "' (not an attention classifier?)");
}

} // namespace

LoadedBackbone loadBackbone(analysis::BackboneKind kind, const std::string& weightsPath)
{
    if (kind == analysis::BackboneKind::I3dResNet50)
        return makeBackbone<I3dResNet50>(weightsPath, kDemoBackboneSeed);
    return makeBackbone<ResNet50>(weightsPath, kDemoBackboneSeed);
}

LoadedClassifier loadClassifier(const std::string& weightsPath)
{
    AttentionClassifierOptions options;
    LoadedClassifier loaded;
    StateDict dict;
    if (!weightsPath.empty()) {
        dict = readStateDict(weightsPath);
        options.featureSize = requireDim(dict, "self_anttention.0.weight", 1, weightsPath);
        options.hiddenSize = requireDim(dict, "self_anttention.0.weight", 0, weightsPath);
        options.rows = requireDim(dict, "self_anttention.2.weight", 0, weightsPath);
        options.fcSize = requireDim(dict, "fc1.weight", 0, weightsPath);
        const int64_t fcInput = requireDim(dict, "fc1.weight", 1, weightsPath);
        if (fcInput != options.featureSize * options.rows)
            throw ModelError(weightsPath + ": fc1 takes " + std::to_string(fcInput)
                + " inputs but " + std::to_string(options.featureSize) + "·r = "
                + std::to_string(options.featureSize * options.rows) + " (r = "
                + std::to_string(options.rows) + ")");
    }
    if (weightsPath.empty())
        torch::manual_seed(kDemoClassifierSeed);
    AttentionClassifier classifier(options);
    if (weightsPath.empty()) {
        loaded.weights = describeDemo();
    } else {
        loaded.ignoredKeys = loadStateDict(*classifier, dict, weightsPath).ignoredKeys;
        loaded.weights = describeFile(weightsPath);
    }
    classifier->eval();
    loaded.hiddenSize = options.hiddenSize;
    loaded.rows = options.rows;
    loaded.scorer = std::make_shared<TorchWindowScorer>(classifier);
    return loaded;
}

void setThreadCount(int threads)
{
    if (threads <= 0)
        threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    torch::set_num_threads(threads);
}

int threadCount() { return torch::get_num_threads(); }

} // namespace vigil::models
