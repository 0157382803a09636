#pragma once
// Folds an inference-mode BatchNorm into the convolution in front of it, once, after the weights
// are loaded: y = gamma * (conv(x) - mean) / sqrt(var + eps) + beta becomes conv'(x) with
//   w' = w * s,  b' = (b - mean) * s + beta,  s = gamma / sqrt(var + eps)   (per output channel),
// computed in double and rounded once to float. The network then runs one convolution with a
// bias where it ran a convolution and a BatchNorm. Private to models/.

#include "models/detail/convolution_factory.h"

#include <torch/torch.h>

#include <type_traits>
#include <vector>

namespace vigil::models::detail {

template <size_t D>
std::integral_constant<size_t, D> spatialDims(const torch::nn::detail::ConvNdOptions<D>&);

// Conv: torch::nn::Conv2d or Conv3d; Norm: the matching BatchNorm. Returns a new convolution
// with the same geometry and a bias; the originals are left untouched.
template <typename Conv, typename Norm> Conv foldedConvolution(const Conv& conv, const Norm& norm)
{
    torch::NoGradGuard noGrad;
    constexpr size_t kDims = decltype(spatialDims(conv->options))::value;
    const auto& from = conv->options;
    torch::nn::ConvOptions<kDims> options(
        from.in_channels(), from.out_channels(), from.kernel_size());
    options.stride(from.stride())
        .padding(from.padding())
        .dilation(from.dilation())
        .groups(from.groups())
        .bias(true);
    Conv folded = makeConvolution<Conv>(options, InitialWeights::Empty);
    const torch::Tensor scale = norm->weight.to(torch::kFloat64)
        / torch::sqrt(norm->running_var.to(torch::kFloat64) + norm->options.eps());
    std::vector<int64_t> perChannel(static_cast<size_t>(conv->weight.dim()), 1);
    perChannel[0] = -1;
    const torch::Tensor weight = conv->weight.to(torch::kFloat64) * scale.view(perChannel);
    torch::Tensor bias = -norm->running_mean.to(torch::kFloat64);
    if (conv->bias.defined())
        bias = bias + conv->bias.to(torch::kFloat64);
    bias = bias * scale + norm->bias.to(torch::kFloat64);
    folded->weight.set_data(weight.to(torch::kFloat32));
    folded->bias.set_data(bias.to(torch::kFloat32));
    folded->eval();
    return folded;
}

// Stores a convolution's weight in `format` (ChannelsLast / ChannelsLast3d), so oneDNN sees the
// layout it computes in and does not reorder the weight on every call.
inline void setWeightFormat(torch::nn::Module& conv, torch::MemoryFormat format)
{
    torch::NoGradGuard noGrad;
    for (auto& parameter : conv.named_parameters(/*recurse=*/false))
        if (parameter.value().dim() >= 4)
            parameter.value().set_data(parameter.value().contiguous(format));
}

} // namespace vigil::models::detail
