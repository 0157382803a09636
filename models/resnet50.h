#pragma once
// torchvision's ResNet-50 (v1.5: the stride sits on the 3x3 convolution) without its fc layer.
// Parameter names match torchvision's state dict. Input [N, 3, 224, 224] ImageNet-normalised;
// output [N, 2048] pooled features. BN in eval mode. foldBatchNorm(), useChannelsLast() and
// useBlockedLayout() are the load-time optimisations described in models/i3d_resnet50.h, in 2D.

#include "models/detail/blocked_convolution.h"
#include "models/detail/bottleneck.h"
#include "models/detail/convolution_factory.h"

#include <torch/torch.h>

#include <vector>

namespace vigil::models {

class Bottleneck2dImpl : public detail::BottleneckImpl<torch::nn::Conv2d, torch::nn::BatchNorm2d> {
public:
    Bottleneck2dImpl(int64_t inPlanes, int64_t planes, int64_t stride, bool hasProjection,
        InitialWeights initial = InitialWeights::Random);
};
TORCH_MODULE(Bottleneck2d);

class ResNet50Impl : public torch::nn::Module {
public:
    // Empty: every weight is loaded next (models/detail/convolution_factory.h).
    explicit ResNet50Impl(InitialWeights initial = InitialWeights::Random);
    torch::Tensor forward(const torch::Tensor& images);
    void foldBatchNorm();
    void useChannelsLast();
    void useBlockedLayout(torch::ScalarType type = torch::kFloat); // bf16: kBFloat16
    bool isChannelsLast() const { return isChannelsLast_; }
    bool isBlocked() const { return isBlocked_; }

    static constexpr int64_t kFeatureSize = 2048;

private:
    static torch::nn::Sequential makeLayer(
        int64_t& inPlanes, int64_t planes, int64_t blocks, int64_t stride, InitialWeights initial);
    torch::Tensor forwardBlocked(const torch::Tensor& images);

    torch::nn::Conv2d conv1_ { nullptr };
    torch::nn::BatchNorm2d bn1_ { nullptr };
    torch::nn::Sequential layer1_ { nullptr }, layer2_ { nullptr }, layer3_ { nullptr },
        layer4_ { nullptr };
    detail::BlockedConvolution blockedConv1_;
    bool isChannelsLast_ = false;
    bool isBlocked_ = false;
    torch::ScalarType blockedType_ = torch::kFloat; // what the blocked tensors hold
};
TORCH_MODULE(ResNet50);

} // namespace vigil::models
