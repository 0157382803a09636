// The load-time optimisations (BatchNorm folded into the convolutions, channels-last or oneDNN's
// blocked layout) against the same PyTorch goldens as the plain networks: features within 1e-4
// relative.

#include "models/i3d_resnet50.h"
#include "models/resnet50.h"
#include "tests/support/formula_weights.h"

#include <gtest/gtest.h>

namespace vigil::models {
namespace {

using test::fillLikeTheScript;
using test::formulaInput;
using test::readBackboneGolden;
using test::relativeError;

enum class Layout { Contiguous, ChannelsLast, Blocked };

template <typename Network>
torch::Tensor optimisedFeatures(Layout layout, std::vector<int64_t> inputShape)
{
    Network network;
    fillLikeTheScript(*network);
    network->eval();
    network->foldBatchNorm();
    if (layout == Layout::ChannelsLast)
        network->useChannelsLast();
    if (layout == Layout::Blocked)
        network->useBlockedLayout();
    c10::InferenceMode inference;
    return network->forward(formulaInput(inputShape));
}

TEST(I3dResNet50, FoldedBatchNormMatchesPyTorch)
{
    const torch::Tensor features
        = optimisedFeatures<I3dResNet50>(Layout::Contiguous, { 1, 3, 16, 64, 64 });
    ASSERT_EQ(features.sizes(), (std::vector<int64_t> { 1, 2048 }));
    EXPECT_LE(relativeError(features, readBackboneGolden("i3d_r50.f32", { 1, 2048 })), 1e-4);
}

TEST(I3dResNet50, FoldedChannelsLastMatchesPyTorch)
{
    const torch::Tensor features
        = optimisedFeatures<I3dResNet50>(Layout::ChannelsLast, { 1, 3, 16, 64, 64 });
    ASSERT_EQ(features.sizes(), (std::vector<int64_t> { 1, 2048 }));
    EXPECT_LE(relativeError(features, readBackboneGolden("i3d_r50.f32", { 1, 2048 })), 1e-4);
}

TEST(I3dResNet50, FoldedBlockedLayoutMatchesPyTorch)
{
    const torch::Tensor features
        = optimisedFeatures<I3dResNet50>(Layout::Blocked, { 1, 3, 16, 64, 64 });
    ASSERT_EQ(features.sizes(), (std::vector<int64_t> { 1, 2048 }));
    EXPECT_LE(relativeError(features, readBackboneGolden("i3d_r50.f32", { 1, 2048 })), 1e-4);
}

TEST(ResNet50, FoldedBatchNormMatchesPyTorch)
{
    const torch::Tensor features
        = optimisedFeatures<ResNet50>(Layout::Contiguous, { 2, 3, 64, 64 });
    ASSERT_EQ(features.sizes(), (std::vector<int64_t> { 2, 2048 }));
    EXPECT_LE(relativeError(features, readBackboneGolden("resnet50.f32", { 2, 2048 })), 1e-4);
}

TEST(ResNet50, FoldedChannelsLastMatchesPyTorch)
{
    const torch::Tensor features
        = optimisedFeatures<ResNet50>(Layout::ChannelsLast, { 2, 3, 64, 64 });
    ASSERT_EQ(features.sizes(), (std::vector<int64_t> { 2, 2048 }));
    EXPECT_LE(relativeError(features, readBackboneGolden("resnet50.f32", { 2, 2048 })), 1e-4);
}

TEST(ResNet50, FoldedBlockedLayoutMatchesPyTorch)
{
    const torch::Tensor features = optimisedFeatures<ResNet50>(Layout::Blocked, { 2, 3, 64, 64 });
    ASSERT_EQ(features.sizes(), (std::vector<int64_t> { 2, 2048 }));
    EXPECT_LE(relativeError(features, readBackboneGolden("resnet50.f32", { 2, 2048 })), 1e-4);
}

TEST(ResNet50, BlockedLayoutNeedsFoldedBatchNorm)
{
    ResNet50 network;
    network->eval();
    EXPECT_THROW(network->useBlockedLayout(), c10::Error);
}

TEST(I3dResNet50, FoldingLeavesConvolutionsWithBiasAndNoBatchNorm)
{
    I3dResNet50 network;
    network->eval();
    network->foldBatchNorm();
    const auto parameters = network->named_parameters();
    EXPECT_NE(parameters.find("conv1.bias"), nullptr);
    EXPECT_NE(parameters.find("layer1.0.downsample.0.bias"), nullptr);
    EXPECT_EQ(parameters.find("bn1.weight"), nullptr);
    EXPECT_EQ(parameters.find("layer4.2.bn3.weight"), nullptr);
    EXPECT_EQ(parameters.find("layer1.0.downsample.1.weight"), nullptr);
    for (const auto& module : network->modules())
        EXPECT_EQ(module->as<torch::nn::BatchNorm3dImpl>(), nullptr) << module->name();
}

} // namespace
} // namespace vigil::models
