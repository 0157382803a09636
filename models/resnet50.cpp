#include "models/resnet50.h"

#include "models/detail/batch_norm_folding.h"
#include "models/detail/cancellable_blocks.h"

namespace vigil::models {
namespace {

namespace nn = torch::nn;

nn::Conv2d conv(int64_t in, int64_t out, int64_t kernel, int64_t stride, int64_t padding)
{
    return nn::Conv2d(
        nn::Conv2dOptions(in, out, kernel).stride(stride).padding(padding).bias(false));
}

} // namespace

Bottleneck2dImpl::Bottleneck2dImpl(
    int64_t inPlanes, int64_t planes, int64_t stride, bool hasProjection)
{
    conv1_ = register_module("conv1", conv(inPlanes, planes, 1, 1, 0));
    bn1_ = register_module("bn1", nn::BatchNorm2d(planes));
    conv2_ = register_module("conv2", conv(planes, planes, 3, stride, 1));
    bn2_ = register_module("bn2", nn::BatchNorm2d(planes));
    conv3_ = register_module("conv3", conv(planes, planes * 4, 1, 1, 0));
    bn3_ = register_module("bn3", nn::BatchNorm2d(planes * 4));
    if (hasProjection) {
        downsample_ = register_module("downsample",
            nn::Sequential(conv(inPlanes, planes * 4, 1, stride, 0), nn::BatchNorm2d(planes * 4)));
    }
}

torch::Tensor Bottleneck2dImpl::forward(const torch::Tensor& input)
{
    if (!blocked_.empty())
        return detail::forwardBlockedBottleneck(blocked_, input);
    auto norm = [](nn::BatchNorm2d bn, torch::Tensor x) { return bn ? bn->forward(x) : x; };
    torch::Tensor out = norm(bn1_, conv1_->forward(input)).relu_();
    out = norm(bn2_, conv2_->forward(out)).relu_();
    out = norm(bn3_, conv3_->forward(out));
    out += downsample_ ? downsample_->forward(input) : input;
    return out.relu_();
}

void Bottleneck2dImpl::foldBatchNorm()
{
    if (!bn1_)
        return;
    conv1_ = replace_module("conv1", detail::foldedConvolution(conv1_, bn1_));
    conv2_ = replace_module("conv2", detail::foldedConvolution(conv2_, bn2_));
    conv3_ = replace_module("conv3", detail::foldedConvolution(conv3_, bn3_));
    for (const char* name : { "bn1", "bn2", "bn3" })
        unregister_module(name);
    bn1_ = bn2_ = bn3_ = nullptr;
    if (downsample_) {
        const nn::Conv2d conv(std::dynamic_pointer_cast<nn::Conv2dImpl>(downsample_->ptr(0)));
        const nn::BatchNorm2d bn(
            std::dynamic_pointer_cast<nn::BatchNorm2dImpl>(downsample_->ptr(1)));
        downsample_
            = replace_module("downsample", nn::Sequential(detail::foldedConvolution(conv, bn)));
    }
}

void Bottleneck2dImpl::useChannelsLast()
{
    for (auto& module : modules(/*include_self=*/false))
        detail::setWeightFormat(*module, torch::MemoryFormat::ChannelsLast);
}

void Bottleneck2dImpl::useBlockedLayout()
{
    TORCH_CHECK(!bn1_, "useBlockedLayout() needs foldBatchNorm() first");
    blocked_ = { detail::BlockedConvolution(*conv1_), detail::BlockedConvolution(*conv2_),
        detail::BlockedConvolution(*conv3_) };
    if (downsample_)
        blocked_.emplace_back(*downsample_->ptr(0)->as<nn::Conv2dImpl>());
}

ResNet50Impl::ResNet50Impl()
{
    conv1_ = register_module("conv1", conv(3, 64, 7, 2, 3));
    bn1_ = register_module("bn1", nn::BatchNorm2d(64));
    int64_t inPlanes = 64;
    layer1_ = register_module("layer1", makeLayer(inPlanes, 64, 3, 1));
    layer2_ = register_module("layer2", makeLayer(inPlanes, 128, 4, 2));
    layer3_ = register_module("layer3", makeLayer(inPlanes, 256, 6, 2));
    layer4_ = register_module("layer4", makeLayer(inPlanes, 512, 3, 2));
}

nn::Sequential ResNet50Impl::makeLayer(
    int64_t& inPlanes, int64_t planes, int64_t blocks, int64_t stride)
{
    nn::Sequential layer;
    for (int64_t i = 0; i < blocks; ++i) {
        layer->push_back(Bottleneck2d(inPlanes, planes, i == 0 ? stride : 1, i == 0));
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
    torch::Tensor x = blockedConv1_(images.contiguous().to_mkldnn()).relu_();
    x = torch::max_pool2d(x, 3, 2, 1);
    for (const auto& layer : { layer1_, layer2_, layer3_, layer4_ })
        x = detail::forwardBlocks<Bottleneck2dImpl>(layer, x);
    return x.to_dense().mean({ 2, 3 });
}

void ResNet50Impl::foldBatchNorm()
{
    if (bn1_) {
        conv1_ = replace_module("conv1", detail::foldedConvolution(conv1_, bn1_));
        unregister_module("bn1");
        bn1_ = nullptr;
    }
    for (const auto& layer : { layer1_, layer2_, layer3_, layer4_ })
        for (const auto& block : layer->children())
            block->as<Bottleneck2dImpl>()->foldBatchNorm();
}

void ResNet50Impl::useChannelsLast()
{
    detail::setWeightFormat(*conv1_, torch::MemoryFormat::ChannelsLast);
    for (const auto& layer : { layer1_, layer2_, layer3_, layer4_ })
        for (const auto& block : layer->children())
            block->as<Bottleneck2dImpl>()->useChannelsLast();
    isChannelsLast_ = true;
}

void ResNet50Impl::useBlockedLayout()
{
    TORCH_CHECK(!bn1_, "useBlockedLayout() needs foldBatchNorm() first");
    blockedConv1_ = detail::BlockedConvolution(*conv1_);
    for (const auto& layer : { layer1_, layer2_, layer3_, layer4_ })
        for (const auto& block : layer->children())
            block->as<Bottleneck2dImpl>()->useBlockedLayout();
    isBlocked_ = true;
}

} // namespace vigil::models
