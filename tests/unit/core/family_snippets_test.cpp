// FamilySnippets (core/live/family_snippets.h): each other family's snippet is cut from the very
// frames of the backbone's, with its own crops and preset, and completes with it, so a live step
// of UR-DMU's Inception-I3D features stands for the same 16 frames as the classifier's.

#include "core/live/family_snippets.h"

#include <gtest/gtest.h>
#include <opencv2/core.hpp>

#include <random>

namespace vigil::live {
namespace {

TEST(FamilySnippets, CutEachFamilysSnippetFromTheSameFramesAsItsOwnCutterWould)
{
    const cv::Size size(96, 72);
    const std::vector<FamilyInput> families { { preprocess::CropMode::Center,
                                                  PreprocessPreset::Urdmu },
        { preprocess::CropMode::Ten, PreprocessPreset::Rtfm } };
    FamilySnippets snippets(families, size);
    std::vector<preprocess::SnippetPreprocessor> alone;
    for (const FamilyInput& family : families)
        alone.emplace_back(family.crops, size, family.preset);
    std::vector<analysis::SnippetCutter> cutters;
    std::vector<FloatArray> expected;
    for (const preprocess::SnippetPreprocessor& pre : alone) {
        cutters.emplace_back(pre);
        expected.push_back(FloatArray::zeros({ pre.cropCount(), 3, analysis::kSnippetFrames,
            preprocess::SnippetPreprocessor::kCropSize,
            preprocess::SnippetPreprocessor::kCropSize }));
    }
    std::mt19937 random(3);
    for (int snippet = 0; snippet < 2; ++snippet) {
        for (int64_t frame = 0; frame < analysis::kSnippetFrames; ++frame) {
            cv::Mat rgb(size, CV_8UC3);
            cv::randu(rgb, cv::Scalar::all(0), cv::Scalar::all(255));
            const bool isLast = frame == analysis::kSnippetFrames - 1;
            EXPECT_EQ(snippets.add(rgb), isLast) << "frame " << frame;
            for (size_t i = 0; i < cutters.size(); ++i)
                EXPECT_EQ(cutters[i].add(rgb, expected[i].data()), isLast);
        }
        const std::vector<FloatArray> taken = snippets.take();
        ASSERT_EQ(taken.size(), families.size());
        EXPECT_EQ(taken[0].dim(0), 1);
        EXPECT_EQ(taken[1].dim(0), 10);
        for (size_t i = 0; i < taken.size(); ++i)
            EXPECT_EQ(taken[i].values, expected[i].values) << "family " << i;
    }
    FamilySnippets none({}, size);
    EXPECT_FALSE(none.add(cv::Mat(size, CV_8UC3, cv::Scalar::all(9))));
    EXPECT_TRUE(none.take().empty());
}

} // namespace
} // namespace vigil::live
