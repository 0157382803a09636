#pragma once
// A convolution prepared once for oneDNN's own blocked memory layout (LibTorch's "mkldnn"
// tensors, nChw16c / nCdhw16c on AVX-512): the layout oneDNN's convolution kernels compute in.
// With plain or channels-last tensors every call reorders activations into and out of that
// layout; a network in blocked mode converts its input once, runs every convolution, ReLU,
// residual add and max pool on blocked tensors, and converts back once before the global
// average pool. Measured on 2 AVX-512 cores (docs/performance.md): I3D-ResNet-50 and ResNet-50
// about 1.4x faster than folded + channels-last, features within float rounding.
// The weight must already carry the folded BatchNorm (a convolution with a bias). CPU only.
// Private to models/.

#include <torch/torch.h>

#include <vector>

namespace vigil::models::detail {

class BlockedConvolution {
public:
    BlockedConvolution() = default;

    // type: float32, or bfloat16 (weights and bias rounded once; the input must then be a
    // bfloat16 blocked tensor too, and so is the output).
    template <size_t D, typename Derived>
    explicit BlockedConvolution(
        const torch::nn::ConvNdImpl<D, Derived>& conv, torch::ScalarType type = torch::kFloat)
        : bias_(conv.bias.defined() ? conv.bias.detach().to(type).clone() : torch::Tensor())
        , stride_(conv.options.stride()->begin(), conv.options.stride()->end())
        , dilation_(conv.options.dilation()->begin(), conv.options.dilation()->end())
        , groups_(conv.options.groups())
    {
        static_assert(D == 2 || D == 3, "blocked convolutions are 2D or 3D");
        const auto* padding = c10::get_if<torch::ExpandingArray<D>>(&conv.options.padding());
        TORCH_CHECK(padding != nullptr, "BlockedConvolution needs explicit padding");
        padding_.assign((*padding)->begin(), (*padding)->end());
        torch::NoGradGuard noGrad;
        const torch::Tensor dense = conv.weight.detach().contiguous().to_mkldnn(type);
        weight_ = D == 3
            ? torch::mkldnn_reorder_conv3d_weight(dense, padding_, stride_, dilation_, groups_)
            : torch::mkldnn_reorder_conv2d_weight(dense, padding_, stride_, dilation_, groups_);
    }

    // input: a blocked (mkldnn) tensor; returns one.
    torch::Tensor operator()(const torch::Tensor& input) const
    {
        return torch::mkldnn_convolution(
            input, weight_, bias_, padding_, stride_, dilation_, groups_);
    }

private:
    torch::Tensor weight_; // blocked, reordered for oneDNN
    torch::Tensor bias_; // dense
    std::vector<int64_t> padding_, stride_, dilation_;
    int64_t groups_ = 1;
};

// A ResNet bottleneck on blocked tensors: convs = {conv1, conv2, conv3[, downsample]}, each with
// its BatchNorm folded in; ReLU after conv1, conv2 and the residual sum.
inline torch::Tensor forwardBlockedBottleneck(
    const std::vector<BlockedConvolution>& convs, const torch::Tensor& input)
{
    torch::Tensor out = convs[0](input).relu_();
    out = convs[1](out).relu_();
    out = convs[2](out);
    out.add_(convs.size() > 3 ? convs[3](input) : input);
    return out.relu_();
}

} // namespace vigil::models::detail
