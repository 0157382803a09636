// The backbones against PyTorch: goldens made by scripts/make_backbone_goldens.py, whose weights
// and inputs come from an integer formula reproduced here bit for bit.

#include "models/i3d_resnet50.h"
#include "models/resnet50.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

namespace vigil::models {
namespace {

uint32_t fnv1a(const std::string& text)
{
    uint32_t value = 0x811C9DC5u;
    for (unsigned char byte : text)
        value = (value ^ byte) * 0x01000193u;
    return value;
}

torch::Tensor formulaValues(int64_t count, uint32_t seed)
{
    torch::Tensor values = torch::empty({count}, torch::kFloat32);
    float* data = values.data_ptr<float>();
    for (int64_t i = 0; i < count; ++i) {
        const uint64_t mixed = (static_cast<uint64_t>(i) * 2654435761ull + seed) % (1ull << 32);
        data[i] = static_cast<float>(static_cast<int64_t>(mixed % 2001) - 1000) / 1000.0f;
    }
    return values;
}

void fillLikeTheScript(torch::nn::Module& module)
{
    torch::NoGradGuard noGrad;
    auto fillOne = [](const std::string& name, torch::Tensor& tensor) {
        if (!tensor.is_floating_point())
            return;
        const torch::Tensor u = formulaValues(tensor.numel(), fnv1a(name)).view(tensor.sizes());
        const std::string leaf = name.substr(name.rfind('.') + 1);
        if (tensor.dim() > 1) {
            const auto scale = static_cast<float>(std::sqrt(3.0 / static_cast<double>(tensor.numel() / tensor.size(0))));
            tensor.copy_(u * scale);
        } else if (leaf == "weight") {
            tensor.copy_(1.0 + 0.1 * u);
        } else if (leaf == "running_var") {
            tensor.copy_(1.0 + 0.25 * (u + 1.0));
        } else {
            tensor.copy_(0.1 * u);
        }
    };
    for (auto& item : module.named_parameters())
        fillOne(item.key(), item.value());
    for (auto& item : module.named_buffers())
        fillOne(item.key(), item.value());
}

torch::Tensor readGolden(const std::string& name, std::vector<int64_t> shape)
{
    torch::Tensor golden = torch::empty(shape, torch::kFloat32);
    std::ifstream in(test::sourcePath("tests/data/backbones/" + name), std::ios::binary);
    in.read(reinterpret_cast<char*>(golden.data_ptr<float>()), golden.numel() * 4);
    EXPECT_TRUE(in.good()) << name;
    return golden;
}

double relativeError(const torch::Tensor& actual, const torch::Tensor& expected)
{
    return (actual - expected).abs().max().item<double>() / expected.abs().max().item<double>();
}

TEST(I3dResNet50, MatchesPyTorchWithinOneTenThousandthRelative)
{
    I3dResNet50 network;
    fillLikeTheScript(*network);
    network->eval();
    const std::vector<int64_t> shape = {1, 3, 16, 64, 64};
    const torch::Tensor input = formulaValues(1 * 3 * 16 * 64 * 64, 12345).view(shape);
    c10::InferenceMode inference;
    const torch::Tensor features = network->forward(input);
    ASSERT_EQ(features.sizes(), (std::vector<int64_t>{1, 2048}));
    EXPECT_LE(relativeError(features, readGolden("i3d_r50.f32", {1, 2048})), 1e-4);
}

TEST(ResNet50, MatchesPyTorchWithinOneTenThousandthRelative)
{
    ResNet50 network;
    fillLikeTheScript(*network);
    network->eval();
    const std::vector<int64_t> shape = {2, 3, 64, 64};
    const torch::Tensor input = formulaValues(2 * 3 * 64 * 64, 12345).view(shape);
    c10::InferenceMode inference;
    const torch::Tensor features = network->forward(input);
    ASSERT_EQ(features.sizes(), (std::vector<int64_t>{2, 2048}));
    EXPECT_LE(relativeError(features, readGolden("resnet50.f32", {2, 2048})), 1e-4);
}

TEST(I3dResNet50, HasTheParameterNamesOfTheRtfmStateDict)
{
    I3dResNet50 network;
    const auto parameters = network->named_parameters();
    EXPECT_NE(parameters.find("conv1.weight"), nullptr);
    EXPECT_NE(parameters.find("layer1.0.downsample.0.weight"), nullptr);
    EXPECT_NE(parameters.find("layer4.2.bn3.bias"), nullptr);
    EXPECT_EQ(parameters.find("fc.weight"), nullptr);
    EXPECT_EQ(parameters["layer2.0.conv1.weight"].sizes(), (std::vector<int64_t>{128, 256, 3, 1, 1}));
    EXPECT_EQ(parameters["layer2.1.conv1.weight"].sizes(), (std::vector<int64_t>{128, 512, 1, 1, 1}));
    EXPECT_EQ(parameters["conv1.weight"].sizes(), (std::vector<int64_t>{64, 3, 5, 7, 7}));
}

} // namespace
} // namespace vigil::models
