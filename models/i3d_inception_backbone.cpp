#include "models/i3d_inception_backbone.h"

#include "core/common/error.h"
#include "core/models_store/checksum_cache.h"
#include "core/tuning/backbone_setup.h"
#include "models/i3d_inception.h"
#include "models/state_dict_loader.h"
#include "models/state_dict_reader.h"
#include "models/torch_adapters.h"

namespace vigil::models {
namespace {

// The layout a file is in, read before the network is built (its eps depends on it).
I3dInceptionLayout layoutOf(const StateDict& dict, const std::string& path)
{
    if (const auto layout = i3dInceptionLayoutOf(dict))
        return *layout;
    throw ModelError(path
        + ": not Inception-I3D weights (no Conv3d_1a_7x7.conv3d.weight, as pytorch-i3d's "
          "rgb_imagenet.pt has, nor conv3d_1a_7x7.conv3d.weight, as UR-DMU's model_rgb.pth)");
}

} // namespace

engine::LoadedBackbone loadI3dInceptionBackbone(
    const std::string& weightsPath, uint64_t seed, BackboneTuning tuning, ComputeDevice device)
{
    if (tuning.precision == Precision::Bf16)
        throw ModelError("i3d-inception runs in fp32 only");
    StateDict dict;
    I3dInceptionLayout layout = I3dInceptionLayout::Piergiaj; // demo weights: pytorch-i3d's eps
    if (!weightsPath.empty()) {
        dict = withoutPrefix(readStateDict(weightsPath), "module.");
        layout = layoutOf(dict, weightsPath);
    } else {
        torch::manual_seed(seed);
    }
    auto network = std::make_shared<I3dInceptionImpl>(
        layout, weightsPath.empty() ? InitialWeights::Random : InitialWeights::Empty);
    engine::LoadedBackbone loaded;
    if (!weightsPath.empty()) {
        loaded.ignoredKeys = loadStateDict(
            *network, i3dInceptionStateDict(*network, std::move(dict), layout), weightsPath)
                                 .ignoredKeys;
        loaded.weights
            = { weightsPath, models_store::cachedSha256OfFile(weightsPath), Provenance::File };
    } else {
        loaded.weights = { "", "", Provenance::Demo };
    }
    network->eval();
    if (tuning.foldBatchNorm)
        network->foldBatchNorm(); // after loading: the folded weights are the file's
    const torch::Device torchDevice(device == ComputeDevice::Cuda ? torch::kCUDA : torch::kCPU);
    network->to(torchDevice);
    const TorchFeatureExtractor::Forward forward
        = [raw = network.get()](const torch::Tensor& input) { return raw->forward(input); };
    loaded.inputsPerPass = tuning.inputsPerPass;
    loaded.setup
        = tuning::describe({ tuning::Layout::Contiguous, tuning.inputsPerPass, threadCount() })
        + (layout == I3dInceptionLayout::Piergiaj ? ", BatchNorm eps 1e-3 (pytorch-i3d)"
                                                  : ", BatchNorm eps 1e-5 (UR-DMU's i3dpt.py)");
    loaded.extractor = std::make_shared<TorchFeatureExtractor>(
        network, forward, I3dInceptionImpl::kFeatureSize, tuning.inputsPerPass, torchDevice);
    return loaded;
}

} // namespace vigil::models
