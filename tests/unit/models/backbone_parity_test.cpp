// The backbones against PyTorch: goldens made by scripts/make_backbone_goldens.py, whose weights
// and inputs come from an integer formula reproduced here bit for bit.

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

TEST(I3dResNet50, MatchesPyTorchWithinOneTenThousandthRelative)
{
    I3dResNet50 network;
    fillLikeTheScript(*network);
    network->eval();
    const std::vector<int64_t> shape = { 1, 3, 16, 64, 64 };
    const torch::Tensor input = formulaInput(shape);
    c10::InferenceMode inference;
    const torch::Tensor features = network->forward(input);
    ASSERT_EQ(features.sizes(), (std::vector<int64_t> { 1, 2048 }));
    EXPECT_LE(relativeError(features, readBackboneGolden("i3d_r50.f32", { 1, 2048 })), 1e-4);
}

TEST(ResNet50, MatchesPyTorchWithinOneTenThousandthRelative)
{
    ResNet50 network;
    fillLikeTheScript(*network);
    network->eval();
    const std::vector<int64_t> shape = { 2, 3, 64, 64 };
    const torch::Tensor input = formulaInput(shape);
    c10::InferenceMode inference;
    const torch::Tensor features = network->forward(input);
    ASSERT_EQ(features.sizes(), (std::vector<int64_t> { 2, 2048 }));
    EXPECT_LE(relativeError(features, readBackboneGolden("resnet50.f32", { 2, 2048 })), 1e-4);
}

TEST(I3dResNet50, HasTheParameterNamesOfTheRtfmStateDict)
{
    I3dResNet50 network;
    const auto parameters = network->named_parameters();
    EXPECT_NE(parameters.find("conv1.weight"), nullptr);
    EXPECT_NE(parameters.find("layer1.0.downsample.0.weight"), nullptr);
    EXPECT_NE(parameters.find("layer4.2.bn3.bias"), nullptr);
    EXPECT_EQ(parameters.find("fc.weight"), nullptr);
    EXPECT_EQ(
        parameters["layer2.0.conv1.weight"].sizes(), (std::vector<int64_t> { 128, 256, 3, 1, 1 }));
    EXPECT_EQ(
        parameters["layer2.1.conv1.weight"].sizes(), (std::vector<int64_t> { 128, 512, 1, 1, 1 }));
    EXPECT_EQ(parameters["conv1.weight"].sizes(), (std::vector<int64_t> { 64, 3, 5, 7, 7 }));
}

} // namespace
} // namespace vigil::models
