#pragma once
// Inflated 3D ResNet-50, the "I3D baseline" of the Non-local Networks paper (PROTOCOL.md
// section 1), without its classification layer. Parameter names follow the RTFM/pytorch-resnet3d
// state dict (conv1, bn1, layerN.i.{conv,bn}{1,2,3}, layerN.0.downsample.{0,1}).
// Input [N, 3, 16, 224, 224] in [-1, 1]; output [N, 2048] pooled features. BN in eval mode.
//
// Load-time optimisations (models/model_factory.cpp applies them once, after the weights are
// loaded and eval() is set; the network is immutable afterwards): foldBatchNorm() merges every
// BatchNorm into the convolution before it (the convolutions gain a bias, the bnN modules leave
// the state dict), useChannelsLast() keeps weights and activations in ChannelsLast3d for oneDNN,
// useBlockedLayout() (after foldBatchNorm()) runs the whole network in oneDNN's blocked layout
// (models/detail/blocked_convolution.h), the fastest on CPU.
// Features stay within float rounding of the plain network (tests/unit/models/).

#include "models/detail/blocked_convolution.h"
#include "models/detail/bottleneck.h"
#include "models/detail/convolution_factory.h"

#include <torch/torch.h>

#include <vector>

namespace vigil::models {

class Bottleneck3dImpl : public detail::BottleneckImpl<torch::nn::Conv3d, torch::nn::BatchNorm3d> {
public:
    Bottleneck3dImpl(int64_t inPlanes, int64_t planes, int64_t spatialStride, bool isTemporal,
        bool hasProjection, InitialWeights initial = InitialWeights::Random);
};
TORCH_MODULE(Bottleneck3d);

class I3dResNet50Impl : public torch::nn::Module {
public:
    // Empty: every weight is loaded next (models/detail/convolution_factory.h).
    explicit I3dResNet50Impl(InitialWeights initial = InitialWeights::Random);
    torch::Tensor forward(const torch::Tensor& clips);
    void foldBatchNorm();
    void useChannelsLast();
    void useBlockedLayout(torch::ScalarType type = torch::kFloat); // bf16: kBFloat16
    bool isChannelsLast() const { return isChannelsLast_; }
    bool isBlocked() const { return isBlocked_; }

    static constexpr int64_t kFeatureSize = 2048;

private:
    static torch::nn::Sequential makeLayer(int64_t& inPlanes, int64_t planes, int64_t spatialStride,
        const std::vector<bool>& temporalBlocks, InitialWeights initial);
    torch::Tensor forwardBlocked(const torch::Tensor& clips);

    torch::nn::Conv3d conv1_ { nullptr };
    torch::nn::BatchNorm3d bn1_ { nullptr };
    torch::nn::Sequential layer1_ { nullptr }, layer2_ { nullptr }, layer3_ { nullptr },
        layer4_ { nullptr };
    detail::BlockedConvolution blockedConv1_;
    bool isChannelsLast_ = false;
    bool isBlocked_ = false;
    torch::ScalarType blockedType_ = torch::kFloat; // what the blocked tensors hold
};
TORCH_MODULE(I3dResNet50);

} // namespace vigil::models
