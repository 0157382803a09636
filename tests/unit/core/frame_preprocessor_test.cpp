// FramePreprocessor against torchvision's ImageNet eval transform, spelled out with PIL and
// torch in scripts/make_preprocess_goldens.py.

#include "core/common/error.h"
#include "core/preprocess/frame_preprocessor.h"
#include "tests/unit/core/preprocess_goldens.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <ostream>
#include <string>
#include <vector>

namespace vigil::preprocess {
namespace {

constexpr int kCrop = FramePreprocessor::kCropSize;

struct FrameCase {
    cv::Size source;
    cv::Size resized; // after Resize(256)
    cv::Point cropOrigin; // CenterCrop(224), rounding half to even
};

std::string sizeName(cv::Size size)
{
    return std::to_string(size.width) + "x" + std::to_string(size.height);
}

std::ostream& operator<<(std::ostream& os, const FrameCase& c)
{
    return os << sizeName(c.source);
}

class FramePreprocessorGolden : public testing::TestWithParam<FrameCase> { };

TEST_P(FramePreprocessorGolden, ResizesAndCropsLikeTorchvision)
{
    const FramePreprocessor preprocessor(GetParam().source);
    EXPECT_EQ(preprocessor.resizedSize(), GetParam().resized);
    EXPECT_EQ(preprocessor.cropOrigin(), GetParam().cropOrigin);
}

TEST_P(FramePreprocessorGolden, MatchesTorchvisionEvalTransformWithin1e6)
{
    const FrameCase& c = GetParam();
    const FloatArray input
        = FramePreprocessor(c.source).apply(golden::hashedImage(c.source.width, c.source.height));
    ASSERT_EQ(input.shape, (std::vector<int64_t> { 3, kCrop, kCrop }));

    const std::vector<char> bytes = golden::readGolden("resnet_" + sizeName(c.source) + ".f32");
    const std::vector<int> grid = golden::gridIndices(kCrop, 7);
    ASSERT_EQ(bytes.size(), 3 * grid.size() * grid.size() * sizeof(float));
    std::vector<float> expected(bytes.size() / sizeof(float));
    std::memcpy(expected.data(), bytes.data(), bytes.size());
    size_t at = 0;
    for (int channel = 0; channel < 3; ++channel) {
        SCOPED_TRACE("channel " + std::to_string(channel));
        double maxDifference = 0.0;
        for (int y : grid) {
            for (int x : grid) {
                const float actual
                    = input.values[static_cast<size_t>((channel * kCrop + y) * kCrop + x)];
                maxDifference = std::max(maxDifference, std::abs(double(actual) - expected[at++]));
            }
        }
        EXPECT_LE(maxDifference, 1e-6);
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, FramePreprocessorGolden,
    testing::Values(FrameCase { { 320, 240 }, { 341, 256 }, { 58, 16 } },
        FrameCase { { 768, 576 }, { 341, 256 }, { 58, 16 } },
        FrameCase { { 250, 181 }, { 353, 256 }, { 64, 16 } },
        FrameCase { { 181, 250 }, { 256, 353 }, { 16, 64 } }),
    [](const testing::TestParamInfo<FrameCase>& info) {
        return "From" + sizeName(info.param.source);
    });

TEST(FramePreprocessor, KeepsAFrameAlreadyAtTheResizedSize)
{
    const FramePreprocessor preprocessor(cv::Size(341, 256));
    EXPECT_EQ(preprocessor.resizedSize(), cv::Size(341, 256));
    const FloatArray input = preprocessor.apply(golden::hashedImage(341, 256));
    EXPECT_EQ(input.shape, (std::vector<int64_t> { 3, kCrop, kCrop }));
}

TEST(FramePreprocessor, RejectsAFrameOfAnotherSize)
{
    const FramePreprocessor preprocessor(cv::Size(320, 240));
    EXPECT_THROW(preprocessor.apply(golden::hashedImage(240, 320)), Error);
    EXPECT_THROW(FramePreprocessor(cv::Size(0, 240)), Error);
}

} // namespace
} // namespace vigil::preprocess
