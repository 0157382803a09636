#pragma once
// The ResNet bottleneck that the 2D ResNet-50 and the I3D-ResNet-50 share: conv1 -> bn1 -> ReLU
// -> conv2 -> bn2 -> ReLU -> conv3 -> bn3, plus the input (or its projection), -> ReLU, with the
// load-time optimisations of models/i3d_resnet50.h. The networks differ only in the shapes of the
// convolutions, which they build and hand over; module names (conv1, bn1, ..., downsample.0/1)
// follow torchvision and RTFM's state dicts. Private to models/.

#include "models/detail/batch_norm_folding.h"
#include "models/detail/blocked_convolution.h"

#include <torch/torch.h>

#include <initializer_list>
#include <type_traits>
#include <vector>

namespace vigil::models::detail {

// Conv: torch::nn::Conv2d or Conv3d; Norm: the matching BatchNorm.
template <typename Conv, typename Norm> class BottleneckImpl : public torch::nn::Module {
public:
    // projection: the 1x1 convolution of the shortcut, or nullptr for the identity. Pass them
    // as a braced list, which constructs them in order: the demo weights come from the random
    // generator in that order (conv1, conv2, conv3, projection), so they stay the same.
    struct Convolutions {
        Conv conv1, conv2, conv3, projection;
    };

    explicit BottleneckImpl(Convolutions convs)
    {
        conv1_ = register_module("conv1", std::move(convs.conv1));
        bn1_ = register_module("bn1", Norm(conv1_->options.out_channels()));
        conv2_ = register_module("conv2", std::move(convs.conv2));
        bn2_ = register_module("bn2", Norm(conv2_->options.out_channels()));
        conv3_ = register_module("conv3", std::move(convs.conv3));
        bn3_ = register_module("bn3", Norm(conv3_->options.out_channels()));
        if (convs.projection) {
            const int64_t channels = convs.projection->options.out_channels();
            downsample_ = register_module(
                "downsample", torch::nn::Sequential(std::move(convs.projection), Norm(channels)));
        }
    }

    torch::Tensor forward(const torch::Tensor& input)
    {
        if (!blocked_.empty())
            return forwardBlockedBottleneck(blocked_, input);
        // Without BatchNorm (folded) each convolution's output is fresh, so ReLU runs in place.
        auto norm = [](Norm bn, torch::Tensor x) { return bn ? bn->forward(x) : x; };
        torch::Tensor out = norm(bn1_, conv1_->forward(input)).relu_();
        out = norm(bn2_, conv2_->forward(out)).relu_();
        out = norm(bn3_, conv3_->forward(out));
        out += downsample_ ? downsample_->forward(input) : input;
        return out.relu_();
    }

    void foldBatchNorm()
    {
        if (!bn1_)
            return;
        conv1_ = this->replace_module("conv1", foldedConvolution(conv1_, bn1_));
        conv2_ = this->replace_module("conv2", foldedConvolution(conv2_, bn2_));
        conv3_ = this->replace_module("conv3", foldedConvolution(conv3_, bn3_));
        for (const char* name : { "bn1", "bn2", "bn3" })
            this->unregister_module(name);
        bn1_ = bn2_ = bn3_ = nullptr;
        if (downsample_) {
            const Conv conv(std::dynamic_pointer_cast<ConvImpl>(downsample_->ptr(0)));
            const Norm bn(std::dynamic_pointer_cast<NormImpl>(downsample_->ptr(1)));
            downsample_ = this->replace_module(
                "downsample", torch::nn::Sequential(foldedConvolution(conv, bn)));
        }
    }

    void useChannelsLast()
    {
        constexpr bool kIs3d = std::is_same_v<ConvImpl, torch::nn::Conv3dImpl>;
        for (auto& module : this->modules(/*include_self=*/false))
            setWeightFormat(*module,
                kIs3d ? torch::MemoryFormat::ChannelsLast3d : torch::MemoryFormat::ChannelsLast);
    }

    void useBlockedLayout(torch::ScalarType type)
    {
        TORCH_CHECK(!bn1_, "useBlockedLayout() needs foldBatchNorm() first");
        blocked_ = { BlockedConvolution(*conv1_, type), BlockedConvolution(*conv2_, type),
            BlockedConvolution(*conv3_, type) };
        if (downsample_)
            blocked_.emplace_back(*downsample_->ptr(0)->template as<ConvImpl>(), type);
    }

private:
    using ConvImpl = typename Conv::ContainedType;
    using NormImpl = typename Norm::ContainedType;

    Conv conv1_ { nullptr }, conv2_ { nullptr }, conv3_ { nullptr };
    Norm bn1_ { nullptr }, bn2_ { nullptr }, bn3_ { nullptr };
    torch::nn::Sequential downsample_ { nullptr };
    std::vector<BlockedConvolution> blocked_; // conv1-3 (+ downsample) in blocked mode
};

// Runs one load-time step (e.g. &BottleneckImpl::foldBatchNorm) on every block of the layers.
template <typename BlockImpl>
void forEachBlock(std::initializer_list<torch::nn::Sequential> layers, void (BlockImpl::*step)())
{
    for (const auto& layer : layers)
        for (const auto& block : layer->children())
            (block->as<BlockImpl>()->*step)();
}

template <typename BlockImpl, typename Argument>
void forEachBlock(std::initializer_list<torch::nn::Sequential> layers,
    void (BlockImpl::*step)(Argument), Argument argument)
{
    for (const auto& layer : layers)
        for (const auto& block : layer->children())
            (block->as<BlockImpl>()->*step)(argument);
}

} // namespace vigil::models::detail
