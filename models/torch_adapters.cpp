#include "models/torch_adapters.h"

#include "core/common/error.h"

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

TorchFeatureExtractor::TorchFeatureExtractor(
    std::shared_ptr<torch::nn::Module> network, Forward forward, int64_t featureSize)
    : network_(std::move(network)), forward_(std::move(forward)), featureSize_(featureSize)
{
}

FloatArray TorchFeatureExtractor::extract(const FloatArray& input)
{
    c10::InferenceMode inference;
    try {
        return toFloatArray(forward_(toTensor(input)));
    } catch (const c10::Error& error) {
        throw ModelError("backbone failed on input " + input.shapeText() + ": "
            + error.what_without_backtrace());
    }
}

TorchWindowScorer::TorchWindowScorer(AttentionClassifier classifier)
    : classifier_(std::move(classifier))
{
}

analysis::WindowScore TorchWindowScorer::score(const FloatArray& window)
{
    c10::InferenceMode inference;
    try {
        ClassifierOutput output = classifier_->forward(toTensor(window));
        FloatArray scores = toFloatArray(output.score);
        return {std::move(scores.values), toFloatArray(output.attention)};
    } catch (const c10::Error& error) {
        throw ModelError("classifier failed on window " + window.shapeText() + ": "
            + error.what_without_backtrace());
    }
}

int64_t TorchWindowScorer::featureSize() const { return classifier_->options().featureSize; }

int64_t TorchWindowScorer::attentionRows() const { return classifier_->options().rows; }

} // namespace vigil::models
