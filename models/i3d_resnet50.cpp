#include "models/i3d_resnet50.h"

#include "models/detail/batch_norm_folding.h"
#include "models/detail/cancellable_blocks.h"

namespace vigil::models {
namespace {

namespace nn = torch::nn;

nn::Conv3d conv(int64_t in, int64_t out, std::array<int64_t, 3> kernel,
    std::array<int64_t, 3> stride, std::array<int64_t, 3> padding, InitialWeights initial)
{
    return detail::makeConvolution<nn::Conv3d>(
        nn::Conv3dOptions(in, out, { kernel[0], kernel[1], kernel[2] })
            .stride({ stride[0], stride[1], stride[2] })
            .padding({ padding[0], padding[1], padding[2] })
            .bias(false),
        initial);
}

} // namespace

Bottleneck3dImpl::Bottleneck3dImpl(int64_t inPlanes, int64_t planes, int64_t spatialStride,
    bool isTemporal, bool hasProjection, InitialWeights initial)
    : BottleneckImpl({
        conv(inPlanes, planes, { isTemporal ? 3 : 1, 1, 1 }, { 1, 1, 1 },
            { isTemporal ? 1 : 0, 0, 0 }, initial),
        conv(
            planes, planes, { 1, 3, 3 }, { 1, spatialStride, spatialStride }, { 0, 1, 1 }, initial),
        conv(planes, planes * 4, { 1, 1, 1 }, { 1, 1, 1 }, { 0, 0, 0 }, initial),
        hasProjection ? conv(inPlanes, planes * 4, { 1, 1, 1 }, { 1, spatialStride, spatialStride },
            { 0, 0, 0 }, initial)
                      : nn::Conv3d(nullptr),
    })
{
}

I3dResNet50Impl::I3dResNet50Impl(InitialWeights initial)
{
    conv1_ = register_module("conv1", conv(3, 64, { 5, 7, 7 }, { 2, 2, 2 }, { 2, 3, 3 }, initial));
    bn1_ = register_module("bn1", nn::BatchNorm3d(64));
    int64_t inPlanes = 64;
    layer1_ = register_module("layer1", makeLayer(inPlanes, 64, 1, { true, true, true }, initial));
    layer2_ = register_module(
        "layer2", makeLayer(inPlanes, 128, 2, { true, false, true, false }, initial));
    layer3_ = register_module(
        "layer3", makeLayer(inPlanes, 256, 2, { true, false, true, false, true, false }, initial));
    layer4_
        = register_module("layer4", makeLayer(inPlanes, 512, 2, { false, true, false }, initial));
}

nn::Sequential I3dResNet50Impl::makeLayer(int64_t& inPlanes, int64_t planes, int64_t spatialStride,
    const std::vector<bool>& temporalBlocks, InitialWeights initial)
{
    nn::Sequential layer;
    for (size_t i = 0; i < temporalBlocks.size(); ++i) {
        const bool isFirst = i == 0;
        layer->push_back(Bottleneck3d(
            inPlanes, planes, isFirst ? spatialStride : 1, temporalBlocks[i], isFirst, initial));
        inPlanes = planes * 4;
    }
    return layer;
}

namespace {

// LibTorch 1.13 has no bfloat16 max_pool3d on the CPU: pooled in float32 and rounded back,
// which gives the same values (a max picks one of its inputs, all bfloat16 already).
torch::Tensor maxPool3d(
    const torch::Tensor& x, torch::IntArrayRef kernel, torch::IntArrayRef stride)
{
    if (x.scalar_type() != torch::kBFloat16)
        return torch::max_pool3d(x, kernel, stride);
    return torch::max_pool3d(x.to(torch::kFloat), kernel, stride).to(torch::kBFloat16);
}

} // namespace

torch::Tensor I3dResNet50Impl::forward(const torch::Tensor& clips)
{
    TORCH_CHECK(clips.dim() == 5 && clips.size(1) == 3,
        "I3dResNet50 expects [batch, 3, frames, height, width], got ", clips.sizes());
    if (isBlocked_)
        return forwardBlocked(clips);
    torch::Tensor x = conv1_->forward(
        isChannelsLast_ ? clips.contiguous(torch::MemoryFormat::ChannelsLast3d) : clips);
    x = (bn1_ ? bn1_->forward(x) : x).relu_();
    x = maxPool3d(x, { 2, 3, 3 }, { 2, 2, 2 });
    x = detail::forwardBlocks<Bottleneck3dImpl>(layer1_, x);
    x = maxPool3d(x, { 2, 1, 1 }, { 2, 1, 1 });
    for (const auto& layer : { layer2_, layer3_, layer4_ })
        x = detail::forwardBlocks<Bottleneck3dImpl>(layer, x);
    // The mean of 8x7x7 values in float32: bfloat16's 8-bit mantissa would round the sum.
    return x.to(torch::kFloat).mean({ 2, 3, 4 });
}

// The same network on blocked tensors: one conversion in, one out before the average pool.
torch::Tensor I3dResNet50Impl::forwardBlocked(const torch::Tensor& clips)
{
    torch::Tensor x = blockedConv1_(clips.contiguous().to_mkldnn(blockedType_)).relu_();
    x = torch::max_pool3d(x, { 2, 3, 3 }, { 2, 2, 2 });
    x = detail::forwardBlocks<Bottleneck3dImpl>(layer1_, x);
    x = torch::max_pool3d(x, { 2, 1, 1 }, { 2, 1, 1 });
    for (const auto& layer : { layer2_, layer3_, layer4_ })
        x = detail::forwardBlocks<Bottleneck3dImpl>(layer, x);
    return x.to_dense().to(torch::kFloat).mean({ 2, 3, 4 }); // a bf16 sum would round: in float32
}

void I3dResNet50Impl::foldBatchNorm()
{
    if (bn1_) {
        conv1_ = replace_module("conv1", detail::foldedConvolution(conv1_, bn1_));
        unregister_module("bn1");
        bn1_ = nullptr;
    }
    detail::forEachBlock({ layer1_, layer2_, layer3_, layer4_ }, &Bottleneck3dImpl::foldBatchNorm);
}

void I3dResNet50Impl::useChannelsLast()
{
    detail::setWeightFormat(*conv1_, torch::MemoryFormat::ChannelsLast3d);
    detail::forEachBlock(
        { layer1_, layer2_, layer3_, layer4_ }, &Bottleneck3dImpl::useChannelsLast);
    isChannelsLast_ = true;
}

void I3dResNet50Impl::useBlockedLayout(torch::ScalarType type)
{
    TORCH_CHECK(!bn1_, "useBlockedLayout() needs foldBatchNorm() first");
    blockedConv1_ = detail::BlockedConvolution(*conv1_, type);
    blockedType_ = type;
    detail::forEachBlock(
        { layer1_, layer2_, layer3_, layer4_ }, &Bottleneck3dImpl::useBlockedLayout, type);
    isBlocked_ = true;
}

} // namespace vigil::models
