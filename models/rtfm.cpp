#include "models/rtfm.h"

namespace vigil::models {
namespace {

namespace nn = torch::nn;

// Conv1d, ReLU, then BatchNorm (RTFM normalises after the activation), "same" length output.
nn::Sequential convReluNorm(
    int64_t inputs, int64_t outputs, int64_t kernel, int64_t dilation, bool bias, bool norm)
{
    nn::Sequential block(nn::Conv1d(nn::Conv1dOptions(inputs, outputs, kernel)
                                        .dilation(dilation)
                                        .padding(dilation * (kernel / 2))
                                        .bias(bias)),
        nn::ReLU());
    if (norm)
        block->push_back(nn::BatchNorm1d(outputs));
    return block;
}

nn::Conv1d pointwise(int64_t inputs, int64_t outputs)
{
    return nn::Conv1d(nn::Conv1dOptions(inputs, outputs, 1));
}

} // namespace

RtfmNonLocalImpl::RtfmNonLocalImpl(int64_t channels)
{
    const int64_t inner = std::max<int64_t>(channels / 2, 1);
    g_ = register_module("g", pointwise(channels, inner));
    theta_ = register_module("theta", pointwise(channels, inner));
    phi_ = register_module("phi", pointwise(channels, inner));
    w_ = register_module(
        "W", nn::Sequential(pointwise(inner, channels), nn::BatchNorm1d(channels)));
}

std::pair<torch::Tensor, torch::Tensor> RtfmNonLocalImpl::forward(const torch::Tensor& x)
{
    const torch::Tensor query = theta_->forward(x).transpose(1, 2); // [B, T, inner]
    const torch::Tensor attention = torch::bmm(query, phi_->forward(x)) / x.size(2);
    const torch::Tensor mixed = torch::bmm(attention, g_->forward(x).transpose(1, 2));
    return { w_->forward(mixed.transpose(1, 2)) + x, attention };
}

RtfmAggregateImpl::RtfmAggregateImpl(const RtfmOptions& options)
{
    const int64_t features = options.featureSize;
    const int64_t branch = options.branchSize;
    for (const int64_t dilation : { 1, 2, 4 })
        dilated_.push_back(register_module("conv_" + std::to_string(dilated_.size() + 1),
            convReluNorm(features, branch, 3, dilation, /*bias=*/true, /*norm=*/true)));
    conv4_ = register_module(
        "conv_4", convReluNorm(features, branch, 1, 1, /*bias=*/false, /*norm=*/false));
    conv5_ = register_module(
        "conv_5", convReluNorm(4 * branch, features, 3, 1, /*bias=*/false, /*norm=*/true));
    nonLocal_ = register_module("non_local", RtfmNonLocal(branch));
}

std::pair<torch::Tensor, torch::Tensor> RtfmAggregateImpl::forward(const torch::Tensor& x)
{
    const torch::Tensor channels = x.transpose(1, 2); // [B, F, T]
    std::vector<torch::Tensor> branches;
    for (auto& block : dilated_)
        branches.push_back(block->forward(channels));
    auto [local, attention] = nonLocal_->forward(conv4_->forward(channels));
    branches.push_back(local);
    const torch::Tensor fused = conv5_->forward(torch::cat(branches, 1)) + channels;
    return { fused.transpose(1, 2), attention };
}

RtfmImpl::RtfmImpl(const RtfmOptions& options)
    : options_(options)
{
    aggregate_ = register_module("Aggregate", RtfmAggregate(options));
    fc1_ = register_module("fc1", nn::Linear(options.featureSize, options.fc1Size));
    fc2_ = register_module("fc2", nn::Linear(options.fc1Size, options.fc2Size));
    fc3_ = register_module("fc3", nn::Linear(options.fc2Size, 1));
}

RtfmOutput RtfmImpl::forward(const torch::Tensor& features)
{
    TORCH_CHECK(features.dim() == 3 && features.size(0) > 0 && features.size(1) > 0
            && features.size(2) == options_.featureSize,
        "RTFM expects [crops, steps, ", options_.featureSize, "], got ", features.sizes());
    auto [aggregated, attention] = aggregate_->forward(features);
    // Dropout sits between these layers in training; at inference it is the identity.
    const torch::Tensor hidden = torch::relu(fc2_->forward(torch::relu(fc1_->forward(aggregated))));
    const torch::Tensor scores = torch::sigmoid(fc3_->forward(hidden)).squeeze(2);
    const torch::Tensor magnitudes = torch::linalg::vector_norm(aggregated, 2, { 2 }, false, {});
    return { scores.mean(0), magnitudes.mean(0), attention.mean(0) };
}

} // namespace vigil::models
