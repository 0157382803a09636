#pragma once
// Builds the networks' convolutions with or without LibTorch's random initial weights.
// torch::nn's convolutions fill their weights with kaiming_uniform_ as they are built; when a
// file's weights (or the folded BatchNorm) overwrite every one of them straight after, that draw
// is wasted: for I3D's 27M weights it cost ~0.3 s of a 2-core start, once to build the network
// and once more to fold it. Empty builds the module on a 1x1 stand-in, with nothing worth
// drawing, then gives it its real geometry and uninitialised tensors of the right shapes. Only
// zero padding: the stand-in's padding is what the module would keep for the other modes.
// Private to models/.

#include <torch/torch.h>

#include <vector>

namespace vigil::models {

// Random: LibTorch's own initialisation (the demo networks, seeded). Empty: uninitialised, for
// a network whose every weight is loaded next; loadStateDict refuses a file that lacks one.
enum class InitialWeights { Random, Empty };

namespace detail {

// Conv: torch::nn::Conv2d or Conv3d, with options of its dimension.
template <typename Conv, size_t D>
Conv makeConvolution(const torch::nn::ConvOptions<D>& options, InitialWeights initial)
{
    if (initial == InitialWeights::Random)
        return Conv(options);
    TORCH_CHECK(c10::get_if<torch::enumtype::kZeros>(&options.padding_mode()) != nullptr,
        "makeConvolution: Empty needs zero padding");
    const int64_t groups = options.groups();
    Conv conv(torch::nn::ConvOptions<D>(groups, groups, 1).groups(groups).bias(options.bias()));
    conv->options.in_channels(options.in_channels())
        .out_channels(options.out_channels())
        .kernel_size(options.kernel_size())
        .stride(options.stride())
        .padding(options.padding())
        .dilation(options.dilation());
    std::vector<int64_t> shape { options.out_channels(), options.in_channels() / groups };
    shape.insert(shape.end(), options.kernel_size()->begin(), options.kernel_size()->end());
    torch::NoGradGuard noGrad;
    conv->weight.set_data(torch::empty(shape));
    if (options.bias())
        conv->bias.set_data(torch::empty({ options.out_channels() }));
    return conv;
}

} // namespace detail
} // namespace vigil::models
