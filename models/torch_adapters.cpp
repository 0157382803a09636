#include "models/torch_adapters.h"

#include "core/common/error.h"

#include <algorithm>
#include <vector>

namespace vigil::models {

torch::Tensor toTensor(const FloatArray& array)
{
    return torch::from_blob(const_cast<float*>(array.data()), array.shape, torch::kFloat32);
}

FloatArray toFloatArray(const torch::Tensor& tensor)
{
    const torch::Tensor dense = tensor.to(torch::kFloat32).contiguous();
    FloatArray array;
    array.shape = dense.sizes().vec();
    array.values.assign(dense.data_ptr<float>(), dense.data_ptr<float>() + dense.numel());
    return array;
}

TorchFeatureExtractor::TorchFeatureExtractor(std::shared_ptr<torch::nn::Module> network,
    Forward forward, int64_t featureSize, int64_t inputsPerPass, torch::Device device)
    : network_(std::move(network))
    , forward_(std::move(forward))
    , featureSize_(featureSize)
    , inputsPerPass_(inputsPerPass)
    , device_(device)
{
}

torch::Tensor TorchFeatureExtractor::forwardPass(const torch::Tensor& input) const
{
    if (device_.is_cpu())
        return forward_(input);
    // Per call, so concurrent runs never share a staging buffer; LibTorch's caching host
    // allocator hands the same pinned block back on the next call of this size.
    torch::Tensor pinned
        = torch::empty(input.sizes(), torch::TensorOptions(torch::kFloat32).pinned_memory(true));
    pinned.copy_(input);
    // The copy back to the CPU waits for the pass, so the pinned block is free again on return.
    return forward_(pinned.to(device_, /*non_blocking=*/true)).to(torch::kCPU);
}

FloatArray TorchFeatureExtractor::extract(const FloatArray& input) const
{
    c10::InferenceMode inference;
    try {
        const torch::Tensor all = toTensor(input);
        const int64_t count = all.dim() > 0 ? all.size(0) : 0;
        if (inputsPerPass_ <= 0 || count <= inputsPerPass_)
            return toFloatArray(forwardPass(all));
        std::vector<torch::Tensor> features;
        for (int64_t begin = 0; begin < count; begin += inputsPerPass_)
            features.push_back(
                forwardPass(all.narrow(0, begin, std::min(inputsPerPass_, count - begin))));
        return toFloatArray(torch::cat(features));
    } catch (const c10::Error& error) {
        throw ModelError("backbone failed on input " + input.shapeText() + ": "
            + error.what_without_backtrace());
    }
}

TorchWindowScorer::TorchWindowScorer(AttentionClassifier classifier)
    : classifier_(classifier.ptr())
{
}

analysis::WindowScore TorchWindowScorer::score(const FloatArray& window) const
{
    c10::InferenceMode inference;
    try {
        ClassifierOutput output = classifier_->forward(toTensor(window));
        FloatArray scores = toFloatArray(output.score);
        return { std::move(scores.values), toFloatArray(output.attention) };
    } catch (const c10::Error& error) {
        throw ModelError("classifier failed on window " + window.shapeText() + ": "
            + error.what_without_backtrace());
    }
}

int64_t TorchWindowScorer::featureSize() const
{
    return classifier_->options().featureSize;
}

int64_t TorchWindowScorer::attentionRows() const
{
    return classifier_->options().rows;
}

} // namespace vigil::models
