#include "models/pel4vad.h"

#include <algorithm>
#include <cmath>

namespace vigil::models {
namespace {

namespace nn = torch::nn;
namespace F = torch::nn::functional;

// layers.py fills the masked similarities with -1e9, not -inf: exp underflows to exactly 0 in
// float either way, and the diagonal is never masked, so no row is empty.
constexpr double kMasked = -1e9;

nn::Conv1d pointwise(int64_t inputs, int64_t outputs)
{
    return nn::Conv1d(nn::Conv1dOptions(inputs, outputs, 1));
}

// modules.py's get_mask: step j is in step i's window when i - w/2 <= j <= i - w/2 + w - 1
// (|i - j| <= 4 for 9). Its clamping of columns past either end only repeats columns inside.
torch::Tensor windowMask(int64_t steps, int64_t window, const torch::Device& device)
{
    const torch::Tensor index = torch::arange(steps, torch::dtype(torch::kInt64).device(device));
    const torch::Tensor offset = index.view({ 1, -1 }) - index.view({ -1, 1 });
    return (offset >= -(window / 2)).logical_and(offset <= window - 1 - window / 2);
}

void checkOptions(const Pel4vadOptions& options)
{
    TORCH_CHECK(options.featureSize > 1 && options.featureSize % 2 == 0,
        "PEL4VAD needs an even feature width, got ", options.featureSize);
    TORCH_CHECK(options.hiddenSize > 0 && options.outSize > 0 && options.window > 0
            && options.classifierSteps > 0,
        "PEL4VAD's widths, window and classifier steps must be positive");
}

} // namespace

Pel4vadOptions pel4vadXdOptions()
{
    Pel4vadOptions options;
    options.classifierSteps = 3;
    options.isNormalised = false;
    options.gamma = 0.06;
    options.bias = 0.02;
    options.temperature = 0.05;
    options.smoothing = kPel4vadXdSmoothing;
    return options;
}

Pel4vadDistanceImpl::Pel4vadDistanceImpl(double gamma, double bias)
{
    w_ = register_parameter("w", torch::full({ 1 }, gamma, torch::kFloat32));
    b_ = register_parameter("b", torch::full({ 1 }, bias, torch::kFloat32));
}

torch::Tensor Pel4vadDistanceImpl::forward(int64_t steps, const torch::Device& device)
{
    const torch::Tensor index = torch::arange(steps, torch::dtype(torch::kFloat32).device(device));
    const torch::Tensor distance = (index.view({ -1, 1 }) - index.view({ 1, -1 })).abs();
    return torch::exp(-torch::abs(w_ * distance.pow(2) - b_));
}

Pel4vadTcaImpl::Pel4vadTcaImpl(int64_t features, int64_t hidden, bool isNormalised)
    : isNormalised_(isNormalised)
    , scale_(1.0 / std::sqrt(static_cast<double>(hidden)))
{
    q_ = register_module("q", nn::Linear(features, hidden));
    k_ = register_module("k", nn::Linear(features, hidden));
    v_ = register_module("v", nn::Linear(features, hidden));
    o_ = register_module("o", nn::Linear(hidden, features));
    alpha_ = register_parameter("alpha", torch::scalar_tensor(0.0, torch::kFloat32));
}

std::pair<torch::Tensor, torch::Tensor> Pel4vadTcaImpl::forward(
    const torch::Tensor& x, const torch::Tensor& mask, const torch::Tensor& distance)
{
    const torch::Tensor values = v_->forward(x);
    // The distance term is added before both softmaxes: the local map reuses the global one.
    const torch::Tensor similarity
        = torch::matmul(q_->forward(x), k_->forward(x).transpose(1, 2)) * scale_ + distance;
    const torch::Tensor global = torch::softmax(similarity, -1);
    const torch::Tensor local
        = torch::softmax(similarity.masked_fill(mask.logical_not(), kMasked), -1);
    const torch::Tensor share = torch::sigmoid(alpha_);
    // Mixed after each product, as layers.py does, so that the sums round as PyTorch's.
    torch::Tensor mixed
        = share * torch::matmul(global, values) + (1 - share) * torch::matmul(local, values);
    if (isNormalised_) {
        mixed = torch::sqrt(torch::relu(mixed)) - torch::sqrt(torch::relu(-mixed));
        // F.normalize's default dim=1 of [B, T, C] is time: each channel over the whole span.
        mixed = F::normalize(mixed, F::NormalizeFuncOptions().p(2.0).dim(1).eps(1e-12));
    }
    return { o_->forward(mixed), share * global + (1 - share) * local };
}

Pel4vadEncoderImpl::Pel4vadEncoderImpl(const Pel4vadOptions& options)
    : window_(options.window)
{
    selfAttention_ = register_module(
        "self_attn", Pel4vadTca(options.featureSize, options.hiddenSize, options.isNormalised));
    linear1_ = register_module("linear1", pointwise(options.featureSize, options.featureSize / 2));
    linear2_ = register_module("linear2", pointwise(options.featureSize / 2, options.outSize));
    norm_ = register_module("norm", nn::LayerNorm(nn::LayerNormOptions({ options.featureSize })));
    distance_ = register_module("loc_adj", Pel4vadDistance(options.gamma, options.bias));
}

std::pair<torch::Tensor, torch::Tensor> Pel4vadEncoderImpl::forward(const torch::Tensor& x)
{
    const int64_t steps = x.size(1);
    auto [context, attention] = selfAttention_->forward(
        x, windowMask(steps, window_, x.device()), distance_->forward(steps, x.device()));
    // Post-norm residual; the dropouts after each GELU are the identity at inference.
    const torch::Tensor normed = norm_->forward(x + context).transpose(1, 2);
    const torch::Tensor hidden = torch::gelu(linear1_->forward(normed));
    return { torch::gelu(linear2_->forward(hidden)), attention };
}

Pel4vadImpl::Pel4vadImpl(const Pel4vadOptions& options)
    : options_(options)
{
    checkOptions(options);
    encoder_ = register_module("self_attention", Pel4vadEncoder(options));
    classifier_ = register_module(
        "classifier", nn::Conv1d(nn::Conv1dOptions(options.outSize, 1, options.classifierSteps)));
    // Read only by the training-only prompt loss; registered so that released files load whole.
    register_parameter(
        "logit_scale", torch::scalar_tensor(std::log(1.0 / options.temperature), torch::kFloat32));
}

Pel4vadOutput Pel4vadImpl::forward(const torch::Tensor& features)
{
    TORCH_CHECK(features.dim() == 3 && features.size(0) > 0 && features.size(1) > 0
            && features.size(2) == options_.featureSize,
        "PEL4VAD expects [crops, steps, ", options_.featureSize, "], got ", features.sizes());
    auto [channels, attention] = encoder_->forward(features); // [crops, outSize, T]
    // Causal: each step sees itself and the classifierSteps - 1 before it, zeros before the start.
    const torch::Tensor padded
        = torch::constant_pad_nd(channels, { options_.classifierSteps - 1, 0 });
    const torch::Tensor scores = torch::sigmoid(classifier_->forward(padded)).squeeze(1);
    const torch::Tensor magnitudes = torch::linalg::vector_norm(channels, 2, { 1 }, false, {});
    // The smoothing is infer.py's NumPy post-processing: on the host, as a vector.
    const torch::Tensor unsmoothed = scores.mean(0).to(torch::kCPU).contiguous();
    std::vector<float> values(
        unsmoothed.data_ptr<float>(), unsmoothed.data_ptr<float>() + unsmoothed.numel());
    const torch::Tensor smoothed
        = torch::tensor(smoothPel4vadScores(values, options_.smoothing), unsmoothed.options());
    return { smoothed, unsmoothed, magnitudes.mean(0), attention.mean(0) };
}

std::vector<float> smoothPel4vadScores(
    const std::vector<float>& scores, const Pel4vadSmoothing& smoothing)
{
    if (smoothing.mode == Pel4vadSmoothingMode::None)
        return scores;
    TORCH_CHECK(smoothing.kappa > 1, "PEL4VAD's smoothing window must exceed 1");
    const size_t kappa = static_cast<size_t>(smoothing.kappa);
    const size_t count = scores.size();
    std::vector<float> smoothed(count);
    // Both divide by kappa even where the window runs past the end: infer.py pads with zeros.
    if (smoothing.mode == Pel4vadSmoothingMode::Slide) {
        for (size_t i = 0; i < count; ++i) {
            float sum = 0.0f;
            for (size_t j = i; j < std::min(count, i + kappa); ++j)
                sum += scores[j];
            smoothed[i] = sum / static_cast<float>(kappa);
        }
        return smoothed;
    }
    for (size_t start = 0; start < count; start += kappa) {
        const size_t end = std::min(count, start + kappa);
        float sum = 0.0f;
        for (size_t j = start; j < end; ++j)
            sum += scores[j];
        std::fill(smoothed.begin() + static_cast<std::ptrdiff_t>(start),
            smoothed.begin() + static_cast<std::ptrdiff_t>(end), sum / static_cast<float>(kappa));
    }
    return smoothed;
}

} // namespace vigil::models
