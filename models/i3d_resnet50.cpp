#include "models/i3d_resnet50.h"

namespace vigil::models {
namespace {

namespace nn = torch::nn;

nn::Conv3d conv(int64_t in, int64_t out, std::array<int64_t, 3> kernel,
    std::array<int64_t, 3> stride, std::array<int64_t, 3> padding)
{
    return nn::Conv3d(nn::Conv3dOptions(in, out, {kernel[0], kernel[1], kernel[2]})
                          .stride({stride[0], stride[1], stride[2]})
                          .padding({padding[0], padding[1], padding[2]})
                          .bias(false));
}

} // namespace

Bottleneck3dImpl::Bottleneck3dImpl(int64_t inPlanes, int64_t planes, int64_t spatialStride,
    bool isTemporal, bool hasProjection)
{
    const int64_t kt = isTemporal ? 3 : 1;
    conv1_ = register_module("conv1", conv(inPlanes, planes, {kt, 1, 1}, {1, 1, 1}, {kt / 2, 0, 0}));
    bn1_ = register_module("bn1", nn::BatchNorm3d(planes));
    conv2_ = register_module(
        "conv2", conv(planes, planes, {1, 3, 3}, {1, spatialStride, spatialStride}, {0, 1, 1}));
    bn2_ = register_module("bn2", nn::BatchNorm3d(planes));
    conv3_ = register_module("conv3", conv(planes, planes * 4, {1, 1, 1}, {1, 1, 1}, {0, 0, 0}));
    bn3_ = register_module("bn3", nn::BatchNorm3d(planes * 4));
    if (hasProjection) {
        downsample_ = register_module("downsample",
            nn::Sequential(conv(inPlanes, planes * 4, {1, 1, 1}, {1, spatialStride, spatialStride},
                               {0, 0, 0}),
                nn::BatchNorm3d(planes * 4)));
    }
}

torch::Tensor Bottleneck3dImpl::forward(const torch::Tensor& input)
{
    torch::Tensor out = torch::relu(bn1_->forward(conv1_->forward(input)));
    out = torch::relu(bn2_->forward(conv2_->forward(out)));
    out = bn3_->forward(conv3_->forward(out));
    out += downsample_ ? downsample_->forward(input) : input;
    return torch::relu(out);
}

I3dResNet50Impl::I3dResNet50Impl()
{
    conv1_ = register_module("conv1", conv(3, 64, {5, 7, 7}, {2, 2, 2}, {2, 3, 3}));
    bn1_ = register_module("bn1", nn::BatchNorm3d(64));
    int64_t inPlanes = 64;
    layer1_ = register_module("layer1", makeLayer(inPlanes, 64, 1, {true, true, true}));
    layer2_ = register_module("layer2", makeLayer(inPlanes, 128, 2, {true, false, true, false}));
    layer3_ = register_module(
        "layer3", makeLayer(inPlanes, 256, 2, {true, false, true, false, true, false}));
    layer4_ = register_module("layer4", makeLayer(inPlanes, 512, 2, {false, true, false}));
}

nn::Sequential I3dResNet50Impl::makeLayer(int64_t& inPlanes, int64_t planes,
    int64_t spatialStride, const std::vector<bool>& temporalBlocks)
{
    nn::Sequential layer;
    for (size_t i = 0; i < temporalBlocks.size(); ++i) {
        const bool isFirst = i == 0;
        layer->push_back(Bottleneck3d(
            inPlanes, planes, isFirst ? spatialStride : 1, temporalBlocks[i], isFirst));
        inPlanes = planes * 4;
    }
    return layer;
}

torch::Tensor I3dResNet50Impl::forward(const torch::Tensor& clips)
{
    TORCH_CHECK(clips.dim() == 5 && clips.size(1) == 3,
        "I3dResNet50 expects [batch, 3, frames, height, width], got ", clips.sizes());
    torch::Tensor x = torch::relu(bn1_->forward(conv1_->forward(clips)));
    x = torch::max_pool3d(x, {2, 3, 3}, {2, 2, 2});
    x = layer1_->forward(x);
    x = torch::max_pool3d(x, {2, 1, 1}, {2, 1, 1});
    x = layer4_->forward(layer3_->forward(layer2_->forward(x)));
    return x.mean({2, 3, 4});
}

} // namespace vigil::models
