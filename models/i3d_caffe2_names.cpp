#include "models/i3d_caffe2_names.h"

#include "core/common/error.h"

#include <regex>
#include <sstream>
#include <unordered_map>

namespace vigil::models {
namespace {

// Caffe2's SpatialBN blobs: scale, bias, running mean, running variance.
std::optional<std::string> batchNormSuffix(const std::string& field)
{
    if (field == "weight")
        return "s";
    if (field == "bias")
        return "b";
    if (field == "running_mean")
        return "rm";
    if (field == "running_var")
        return "riv";
    return std::nullopt;
}

std::optional<std::string> convolutionOrBatchNorm(
    const std::string& stem, bool isConvolution, const std::string& field)
{
    if (isConvolution)
        return field == "weight" ? std::optional(stem + "_w") : std::nullopt;
    const auto suffix = batchNormSuffix(field);
    return suffix ? std::optional(stem + "_bn_" + *suffix) : std::nullopt;
}

bool isBatchCount(const std::string& name)
{
    const std::string suffix = "num_batches_tracked";
    return name.size() >= suffix.size()
        && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string describe(const std::string& blobName, const std::string& parameterName)
{
    return "blob '" + blobName + "' (" + parameterName + ")";
}

} // namespace

std::optional<std::string> i3dCaffe2BlobName(const std::string& parameterName)
{
    static const std::regex stemPattern(R"((conv1|bn1)\.(\w+))");
    static const std::regex blockPattern(
        R"(layer([1-4])\.(\d+)\.(conv|bn|downsample\.)(\d)\.(\w+))");
    std::smatch match;
    if (std::regex_match(parameterName, match, stemPattern)) {
        const bool isConvolution = match[1] == "conv1";
        return convolutionOrBatchNorm(
            isConvolution ? "conv1" : "res_conv1", isConvolution, match[2]);
    }
    if (!std::regex_match(parameterName, match, blockPattern))
        return std::nullopt;
    // Caffe2 counts the stem as stage 1, so layerN is resN+1; branch2a, 2b and 2c are a
    // bottleneck's three convolutions, branch1 the projection shortcut.
    const auto block = "res" + std::to_string(std::stoi(match[1]) + 1) + "_" + match[2].str() + "_";
    const int index = std::stoi(match[4]);
    if (match[3] == "downsample.")
        return index > 1 ? std::nullopt
                         : convolutionOrBatchNorm(block + "branch1", index == 0, match[5]);
    if (index < 1 || index > 3)
        return std::nullopt;
    return convolutionOrBatchNorm(
        block + "branch2" + static_cast<char>('a' + index - 1), match[3] == "conv", match[5]);
}

StateDict i3dStateDictFromCaffe2(
    const torch::nn::Module& network, StateDict blobs, const std::string& source)
{
    std::unordered_map<std::string, size_t> indexOf;
    for (size_t i = 0; i < blobs.size(); ++i)
        indexOf.emplace(blobs[i].first, i);
    std::vector<bool> isUsed(blobs.size(), false);
    StateDict result;
    const auto take = [&](const std::string& name, const torch::Tensor& target) {
        const auto blobName = i3dCaffe2BlobName(name);
        if (!blobName && isBatchCount(name)) {
            result.emplace_back(name, torch::zeros_like(target));
            return;
        }
        if (!blobName)
            throw ModelError(source + ": no Caffe2 blob is known for '" + name + "'");
        const auto found = indexOf.find(*blobName);
        if (found == indexOf.end())
            throw ModelError(source + ": missing " + describe(*blobName, name));
        const auto& blob = blobs[found->second].second;
        if (blob.sizes() != target.sizes()) {
            std::ostringstream message;
            message << source << ": " << describe(*blobName, name) << " has shape " << blob.sizes()
                    << ", expected " << target.sizes();
            throw ModelError(message.str());
        }
        result.emplace_back(name, blob);
        isUsed[found->second] = true;
    };
    for (const auto& parameter : network.named_parameters(/*recurse=*/true))
        take(parameter.key(), parameter.value());
    for (const auto& buffer : network.named_buffers(/*recurse=*/true))
        take(buffer.key(), buffer.value());
    for (size_t i = 0; i < blobs.size(); ++i) {
        if (!isUsed[i])
            result.push_back(std::move(blobs[i]));
    }
    return result;
}

} // namespace vigil::models
