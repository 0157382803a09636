// Networks built without their random initial weights (InitialWeights::Empty,
// models/detail/convolution_factory.h), as a weights file is loaded into them: the same
// parameters, shapes and geometry as LibTorch's own modules, so that the file's weights give the
// PyTorch goldens; and the random draw, which the demo weights depend on, left as it was.

#include "models/i3d_resnet50.h"
#include "models/resnet50.h"
#include "tests/support/formula_weights.h"

#include <gtest/gtest.h>

#include <sstream>

namespace vigil::models {
namespace {

// Names and shapes of every parameter and buffer, and each module's printed geometry.
std::string anatomy(const torch::nn::Module& network)
{
    std::ostringstream text;
    for (const auto& parameter : network.named_parameters())
        text << parameter.key() << ' ' << parameter.value().sizes() << '\n';
    for (const auto& buffer : network.named_buffers())
        text << buffer.key() << ' ' << buffer.value().sizes() << '\n';
    network.pretty_print(text);
    for (const auto& module : network.named_modules()) {
        text << module.key() << ": ";
        module.value()->pretty_print(text);
        text << '\n';
    }
    return text.str();
}

template <typename Network>
torch::Tensor featuresOfEmpty(std::vector<int64_t> inputShape, bool isFolded)
{
    Network network(InitialWeights::Empty);
    test::fillLikeTheScript(*network);
    network->eval();
    if (isFolded)
        network->foldBatchNorm();
    c10::InferenceMode inference;
    return network->forward(test::formulaInput(inputShape));
}

TEST(InitialWeights, EmptyBuildsTheModulesOfRandom)
{
    EXPECT_EQ(anatomy(*I3dResNet50(InitialWeights::Empty)),
        anatomy(*I3dResNet50(InitialWeights::Random)));
    EXPECT_EQ(
        anatomy(*ResNet50(InitialWeights::Empty)), anatomy(*ResNet50(InitialWeights::Random)));
}

TEST(InitialWeights, EmptyNetworksGiveThePyTorchFeaturesOfTheirWeights)
{
    for (const bool isFolded : { false, true }) {
        EXPECT_LE(test::relativeError(featuresOfEmpty<I3dResNet50>({ 1, 3, 16, 64, 64 }, isFolded),
                      test::readBackboneGolden("i3d_r50.f32", { 1, 2048 })),
            1e-4)
            << "folded " << isFolded;
        EXPECT_LE(test::relativeError(featuresOfEmpty<ResNet50>({ 2, 3, 64, 64 }, isFolded),
                      test::readBackboneGolden("resnet50.f32", { 2, 2048 })),
            1e-4)
            << "folded " << isFolded;
    }
}

TEST(InitialWeights, RandomDrawsWhatLibTorchsOwnConvolutionDraws)
{
    torch::manual_seed(7);
    const torch::nn::Conv3d own(torch::nn::Conv3dOptions(8, 16, { 1, 3, 3 }).bias(false));
    torch::manual_seed(7);
    const auto built = detail::makeConvolution<torch::nn::Conv3d>(
        torch::nn::Conv3dOptions(8, 16, { 1, 3, 3 }).bias(false), InitialWeights::Random);
    EXPECT_TRUE(torch::equal(own->weight, built->weight));
}

} // namespace
} // namespace vigil::models
