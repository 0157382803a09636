#include "models/attention_classifier.h"

namespace vigil::models {

AttentionClassifierImpl::AttentionClassifierImpl(const AttentionClassifierOptions& options)
    : options_(options)
{
    // Index 1 is the parameter-free Tanh, which is why the checkpoint has keys .0 and .2.
    selfAttention_ = register_module("self_anttention",
        torch::nn::Sequential(torch::nn::Linear(options.featureSize, options.hiddenSize),
            torch::nn::Tanh(), torch::nn::Linear(options.hiddenSize, options.rows)));
    fc1_ = register_module(
        "fc1", torch::nn::Linear(options.featureSize * options.rows, options.fcSize));
    fc2_ = register_module("fc2", torch::nn::Linear(options.fcSize, 1));
    dropout_ = register_module("dropout", torch::nn::Dropout(options.attentionDropout));
}

ClassifierOutput AttentionClassifierImpl::forward(const torch::Tensor& features)
{
    TORCH_CHECK(features.dim() == 3 && features.size(2) == options_.featureSize,
        "AttentionClassifier expects [batch, steps, ", options_.featureSize, "], got ",
        features.sizes());
    const torch::Tensor attention = torch::softmax(selfAttention_->forward(features), 1);
    // M = x^T A: [B, featureSize, r], flattened row-major so index f * r + k.
    const torch::Tensor pooled = torch::bmm(features.transpose(1, 2), dropout_->forward(attention));
    const torch::Tensor hidden = fc1_->forward(pooled.flatten(1));
    const torch::Tensor score = torch::sigmoid(fc2_->forward(hidden)).squeeze(1);
    return { score, attention };
}

} // namespace vigil::models
