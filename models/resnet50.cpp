#include "models/resnet50.h"

namespace vigil::models {
namespace {

namespace nn = torch::nn;

nn::Conv2d conv(int64_t in, int64_t out, int64_t kernel, int64_t stride, int64_t padding)
{
    return nn::Conv2d(nn::Conv2dOptions(in, out, kernel).stride(stride).padding(padding).bias(false));
}

} // namespace

Bottleneck2dImpl::Bottleneck2dImpl(int64_t inPlanes, int64_t planes, int64_t stride, bool hasProjection)
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
    torch::Tensor out = torch::relu(bn1_->forward(conv1_->forward(input)));
    out = torch::relu(bn2_->forward(conv2_->forward(out)));
    out = bn3_->forward(conv3_->forward(out));
    out += downsample_ ? downsample_->forward(input) : input;
    return torch::relu(out);
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

nn::Sequential ResNet50Impl::makeLayer(int64_t& inPlanes, int64_t planes, int64_t blocks, int64_t stride)
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
    torch::Tensor x = torch::relu(bn1_->forward(conv1_->forward(images)));
    x = torch::max_pool2d(x, 3, 2, 1);
    x = layer4_->forward(layer3_->forward(layer2_->forward(layer1_->forward(x))));
    return x.mean({2, 3});
}

} // namespace vigil::models
