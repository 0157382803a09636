// Inception-I3D against PyTorch: the committed goldens of scripts/make_i3d_inception_goldens.py
// (formula weights, a 16x193x200 input that meets both branches of the "SAME" padding rule,
// BatchNorm eps 1e-3 as pytorch-i3d and 1e-5 as UR-DMU's i3dpt.py), unfolded and folded; and
// full-size weight files in both published layouts, written by the same script at test time,
// loaded through the backbone table as `--backbone i3d-inception --backbone-weights` does.

#include "core/common/error.h"
#include "models/i3d_inception.h"
#include "models/model_factory.h"
#include "tests/support/formula_weights.h"
#include "tests/support/python_fixtures.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace vigil::models {
namespace {

using test::formulaInput;
using test::readBackboneGolden;
using test::readGolden;
using test::relativeError;

// The script's weights: the formula, then every tensor of more than one dimension x 1.75, so
// that the features depend on the input (without it a zero input moves them by 0.1 %).
void fillLikeTheInceptionScript(torch::nn::Module& network)
{
    test::fillLikeTheScript(network);
    torch::NoGradGuard noGrad;
    for (auto& parameter : network.named_parameters())
        if (parameter.value().dim() > 1)
            parameter.value().mul_(1.75);
}

struct Layout {
    I3dInceptionLayout layout;
    const char* golden;
};

class TinyInception : public ::testing::TestWithParam<Layout> { };

TEST_P(TinyInception, MatchesPyTorchUnfoldedAndFolded)
{
    I3dInception network(GetParam().layout);
    fillLikeTheInceptionScript(*network);
    network->eval();
    const torch::Tensor input = formulaInput({ 1, 3, 16, 193, 200 });
    const torch::Tensor expected = readBackboneGolden(GetParam().golden, { 1, 1024 });
    c10::InferenceMode inference;
    EXPECT_LE(relativeError(network->forward(input), expected), 1e-4);
    network->foldBatchNorm();
    EXPECT_LE(relativeError(network->forward(input), expected), 1e-4);
}

INSTANTIATE_TEST_SUITE_P(BatchNormEps, TinyInception,
    ::testing::Values(Layout { I3dInceptionLayout::Piergiaj, "i3d_inception.f32" },
        Layout { I3dInceptionLayout::Urdmu, "i3d_inception_urdmu.f32" }));

TEST(I3dInception, TheTwoLayoutsGiveDifferentFeaturesForTheSameWeights)
{
    // The eps is part of what the features are: the goldens of the two differ.
    const torch::Tensor piergiaj = readBackboneGolden("i3d_inception.f32", { 1, 1024 });
    const torch::Tensor urdmu = readBackboneGolden("i3d_inception_urdmu.f32", { 1, 1024 });
    EXPECT_GT(relativeError(urdmu, piergiaj), 1e-3);
}

class PublishedInception : public ::testing::TestWithParam<const char*> { };

TEST_P(PublishedInception, LoadsThroughTheBackboneTableAndMatchesPyTorch)
{
    const std::string dir
        = test::pythonFixtureDir("i3d_inception", "make_i3d_inception_goldens.py");
    const std::string layout = GetParam();
    const std::string file
        = layout == "piergiaj" ? "/i3d_inception_piergiaj.pt" : "/i3d_inception_urdmu.pth";
    const LoadedBackbone loaded
        = loadBackbone(BackboneKind::I3dInception, dir + file, {}, ComputeDevice::Cpu);
    EXPECT_EQ(loaded.weights.provenance, Provenance::File);
    // The Kinetics classifier is in the files, not in the feature network.
    EXPECT_EQ(loaded.ignoredKeys.size(), 2u);
    const torch::Tensor tensor = formulaInput({ 2, 3, 16, 224, 224 }).contiguous();
    FloatArray input = FloatArray::zeros({ 2, 3, 16, 224, 224 });
    std::copy_n(tensor.data_ptr<float>(), tensor.numel(), input.values.begin());
    const FloatArray features = loaded.extractor->extract(input);
    const torch::Tensor expected
        = readGolden(dir + "/i3d_inception_" + layout + ".f32", { 2, 1024 });
    EXPECT_LE(
        relativeError(
            torch::from_blob(const_cast<float*>(features.values.data()), { 2, 1024 }), expected),
        1e-4);
}

INSTANTIATE_TEST_SUITE_P(BothLayouts, PublishedInception, ::testing::Values("piergiaj", "urdmu"));

TEST(I3dInception, RefusesWeightsOfAnotherNetworkNamingWhatItLooksFor)
{
    const std::string rtfm = test::sourcePath("tests/data/rtfm/tiny_rtfm.pth");
    try {
        loadBackbone(BackboneKind::I3dInception, rtfm, {}, ComputeDevice::Cpu);
        FAIL() << "accepted";
    } catch (const ModelError& error) {
        EXPECT_NE(
            std::string(error.what()).find(rtfm + ": not Inception-I3D weights"), std::string::npos)
            << error.what();
    }
}

} // namespace
} // namespace vigil::models
