#include "models/resnet50.h"

#include "models/detail/batch_norm_folding.h"
#include "models/detail/cancellable_blocks.h"

namespace vigil::models {
namespace {

namespace nn = torch::nn;

nn::Conv2d conv(int64_t in, int64_t out, int64_t kernel, int64_t stride, int64_t padding,
    InitialWeights initial)
{
    return detail::makeConvolution<nn::Conv2d>(
        nn::Conv2dOptions(in, out, kernel).stride(stride).padding(padding).bias(false), initial);
}

} // namespace

Bottleneck2dImpl::Bottleneck2dImpl(
    int64_t inPlanes, int64_t planes, int64_t stride, bool hasProjection, InitialWeights initial)
    : BottleneckImpl({
        conv(inPlanes, planes, 1, 1, 0, initial),
        conv(planes, planes, 3, stride, 1, initial),
        conv(planes, planes * 4, 1, 1, 0, initial),
        hasProjection ? conv(inPlanes, planes * 4, 1, stride, 0, initial) : nn::Conv2d(nullptr),
    })
{
}

ResNet50Impl::ResNet50Impl(InitialWeights initial)
{
    conv1_ = register_module("conv1", conv(3, 64, 7, 2, 3, initial));
    bn1_ = register_module("bn1", nn::BatchNorm2d(64));
    int64_t inPlanes = 64;
    layer1_ = register_module("layer1", makeLayer(inPlanes, 64, 3, 1, initial));
    layer2_ = register_module("layer2", makeLayer(inPlanes, 128, 4, 2, initial));
    layer3_ = register_module("layer3", makeLayer(inPlanes, 256, 6, 2, initial));
    layer4_ = register_module("layer4", makeLayer(inPlanes, 512, 3, 2, initial));
}

nn::Sequential ResNet50Impl::makeLayer(
    int64_t& inPlanes, int64_t planes, int64_t blocks, int64_t stride, InitialWeights initial)
{
    nn::Sequential layer;
    for (int64_t i = 0; i < blocks; ++i) {
        layer->push_back(Bottleneck2d(inPlanes, planes, i == 0 ? stride : 1, i == 0, initial));
        inPlanes = planes * 4;
    }
    return layer;
}

torch::Tensor ResNet50Impl::forward(const torch::Tensor& images)
{
    TORCH_CHECK(images.dim() == 4 && images.size(1) == 3,
        "ResNet50 expects [batch, 3, height, width], got ", images.sizes());
    if (isBlocked_)
        return forwardBlocked(images);
    torch::Tensor x = conv1_->forward(
        isChannelsLast_ ? images.contiguous(torch::MemoryFormat::ChannelsLast) : images);
    x = (bn1_ ? bn1_->forward(x) : x).relu_();
    x = torch::max_pool2d(x, 3, 2, 1);
    for (const auto& layer : { layer1_, layer2_, layer3_, layer4_ })
        x = detail::forwardBlocks<Bottleneck2dImpl>(layer, x);
    return x.mean({ 2, 3 });
}

torch::Tensor ResNet50Impl::forwardBlocked(const torch::Tensor& images)
{
    torch::Tensor x = blockedConv1_(images.contiguous().to_mkldnn(blockedType_)).relu_();
    x = torch::max_pool2d(x, 3, 2, 1);
    for (const auto& layer : { layer1_, layer2_, layer3_, layer4_ })
        x = detail::forwardBlocks<Bottleneck2dImpl>(layer, x);
    return x.to_dense().to(torch::kFloat).mean({ 2, 3 }); // a bf16 sum would round: in float32
}

void ResNet50Impl::foldBatchNorm()
{
    if (bn1_) {
        conv1_ = replace_module("conv1", detail::foldedConvolution(conv1_, bn1_));
        unregister_module("bn1");
        bn1_ = nullptr;
    }
    detail::forEachBlock({ layer1_, layer2_, layer3_, layer4_ }, &Bottleneck2dImpl::foldBatchNorm);
}

void ResNet50Impl::useChannelsLast()
{
    detail::setWeightFormat(*conv1_, torch::MemoryFormat::ChannelsLast);
    detail::forEachBlock(
        { layer1_, layer2_, layer3_, layer4_ }, &Bottleneck2dImpl::useChannelsLast);
    isChannelsLast_ = true;
}

void ResNet50Impl::useBlockedLayout(torch::ScalarType type)
{
    TORCH_CHECK(!bn1_, "useBlockedLayout() needs foldBatchNorm() first");
    blockedConv1_ = detail::BlockedConvolution(*conv1_, type);
    blockedType_ = type;
    detail::forEachBlock(
        { layer1_, layer2_, layer3_, layer4_ }, &Bottleneck2dImpl::useBlockedLayout, type);
    isBlocked_ = true;
}

} // namespace vigil::models
