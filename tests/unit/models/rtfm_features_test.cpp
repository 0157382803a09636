// The whole rtfm path against torch: one snippet of five hashed frames through the rtfm preset
// (Resize(256), CenterCrop(224), (v - 114.75) / 57.375, LoopPadding to 16) and the formula-filled
// I3D-ResNet-50, against scripts/make_backbone_goldens.py (python3-torchvision for the inputs).

#include "core/preprocess/snippet_preprocessor.h"
#include "models/i3d_resnet50.h"
#include "tests/support/formula_weights.h"
#include "tests/support/hashed_image.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

namespace vigil::models {
namespace {

TEST(RtfmFeatures, MatchTorchWithinOneTenThousandthRelative)
{
    const cv::Size source(96, 72);
    const preprocess::SnippetPreprocessor pre(CropMode::Center, source, PreprocessPreset::Rtfm);
    std::vector<cv::Mat> frames;
    for (uint32_t t = 0; t < 5; ++t)
        frames.push_back(pre.resizeForCrops(test::hashedImage(
            source.width, source.height, static_cast<uint32_t>(96 * 1000 + 72) + t)));
    FloatArray input = pre.apply(preprocess::loopPadded(frames, 16));
    ASSERT_EQ(input.shape, (std::vector<int64_t> { 1, 3, 16, 224, 224 }));

    I3dResNet50 network;
    test::fillLikeTheScript(*network);
    network->eval();
    c10::InferenceMode inference;
    const torch::Tensor features
        = network->forward(torch::from_blob(input.data(), input.shape, torch::kFloat32));
    const torch::Tensor golden
        = test::readGolden(test::sourcePath("tests/data/backbones/i3d_r50_rtfm.f32"), { 1, 2048 });
    EXPECT_LE(test::relativeError(features, golden), 1e-4);
}

} // namespace
} // namespace vigil::models
