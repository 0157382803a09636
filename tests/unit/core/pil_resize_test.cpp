// PilResizer against Pillow 9.4's own output (scripts/make_preprocess_goldens.py).

#include "core/common/error.h"
#include "core/preprocess/pil_resize.h"
#include "tests/support/hashed_image.h"
#include "tests/support/test_locations.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

namespace vigil::preprocess::golden {

// Shared with snippet_preprocessor_test.cpp and frame_preprocessor_test.cpp (one executable).

// The script's hashedImage(), seeded by the size.
cv::Mat hashedImage(int width, int height)
{
    return test::hashedImage(width, height, static_cast<uint32_t>(width * 1000 + height));
}

std::vector<char> readGolden(const std::string& name)
{
    const std::string path = vigil::test::sourceDir() + "/tests/data/preprocess/" + name;
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw std::runtime_error("cannot open golden file " + path);
    return { std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>() };
}

// The script's gridIndices(): every step-th index, plus the last.
std::vector<int> gridIndices(int size, int step)
{
    std::vector<int> indices;
    for (int i = 0; i < size; i += step)
        indices.push_back(i);
    if (indices.back() != size - 1)
        indices.push_back(size - 1);
    return indices;
}

} // namespace vigil::preprocess::golden

namespace vigil::preprocess {
namespace {

using golden::gridIndices;
using golden::hashedImage;
using golden::readGolden;

struct ResizeCase {
    int srcWidth, srcHeight, dstWidth, dstHeight, step;
    ResampleFilter filter = ResampleFilter::Bilinear;
};

std::string filterName(ResampleFilter filter)
{
    return filter == ResampleFilter::Lanczos ? "lanczos" : "bilinear";
}

std::string caseName(const ResizeCase& c)
{
    return filterName(c.filter) + "_" + std::to_string(c.srcWidth) + "x"
        + std::to_string(c.srcHeight) + "_to_" + std::to_string(c.dstWidth) + "x"
        + std::to_string(c.dstHeight);
}

std::ostream& operator<<(std::ostream& os, const ResizeCase& c)
{
    return os << caseName(c);
}

class PilResizerGolden : public testing::TestWithParam<ResizeCase> { };

TEST_P(PilResizerGolden, MatchesPillowByteForByte)
{
    const ResizeCase& c = GetParam();
    const cv::Mat source = hashedImage(c.srcWidth, c.srcHeight);
    const cv::Mat resized
        = PilResizer(c.srcWidth, c.srcHeight, c.dstWidth, c.dstHeight, c.filter).apply(source);
    ASSERT_EQ(resized.size(), cv::Size(c.dstWidth, c.dstHeight));
    ASSERT_EQ(resized.type(), CV_8UC3);

    const std::vector<char> expected = readGolden("resize_" + caseName(c) + ".u8");
    const std::vector<int> rows = gridIndices(c.dstHeight, c.step);
    const std::vector<int> cols = gridIndices(c.dstWidth, c.step);
    ASSERT_EQ(expected.size(), rows.size() * cols.size() * 3);
    size_t at = 0;
    int maxDifference = 0;
    for (int y : rows) {
        SCOPED_TRACE("row " + std::to_string(y));
        for (int x : cols) {
            for (int ch = 0; ch < 3; ++ch, ++at) {
                const int actual = resized.at<cv::Vec3b>(y, x)[ch];
                const int wanted = static_cast<uchar>(expected[at]);
                if (actual != wanted && maxDifference == 0)
                    ADD_FAILURE() << "first difference at x " << x << " channel " << ch << ": "
                                  << actual << " vs Pillow's " << wanted;
                maxDifference = std::max(maxDifference, std::abs(actual - wanted));
            }
        }
    }
    EXPECT_EQ(maxDifference, 0);
}

std::vector<ResizeCase> resizeCases()
{
    const std::vector<ResizeCase> sizes = {
        { 33, 17, 20, 11, 1 },
        { 33, 17, 50, 29, 1 },
        { 33, 17, 33, 9, 1 },
        { 33, 17, 17, 17, 1 },
        { 33, 17, 33, 17, 1 },
        { 40, 30, 34, 26, 1 },
        { 7, 5, 64, 3, 1 },
        { 300, 2, 3, 1, 1 },
        { 160, 120, 170, 128, 1 },
        { 192, 144, 85, 64, 1 },
        { 320, 240, 340, 256, 3 },
        { 768, 576, 340, 256, 3 },
    };
    std::vector<ResizeCase> cases;
    for (ResampleFilter filter : { ResampleFilter::Bilinear, ResampleFilter::Lanczos }) {
        for (ResizeCase c : sizes) {
            c.filter = filter;
            cases.push_back(c);
        }
    }
    return cases;
}

INSTANTIATE_TEST_SUITE_P(Sizes, PilResizerGolden, testing::ValuesIn(resizeCases()),
    [](const testing::TestParamInfo<ResizeCase>& info) { return caseName(info.param); });

TEST(PilResizer, ReadsARegionOfALargerImageLikeAContiguousCopy)
{
    const cv::Mat large = hashedImage(64, 48);
    const cv::Mat region = large(cv::Rect(5, 7, 33, 17));
    ASSERT_FALSE(region.isContinuous());
    const PilResizer resizer(33, 17, 20, 11, ResampleFilter::Lanczos);
    EXPECT_EQ(cv::norm(resizer.apply(region), resizer.apply(region.clone()), cv::NORM_INF), 0.0);
}

// A region of the output must be the very bytes of the whole output there: the same taps, the
// same sums; for both filters, down- and upscaling, one axis unchanged, and rows of the 8-row
// blocks of the horizontal pass left over.
TEST(PilResizer, ComputesARegionWithTheBytesOfTheWholeOutput)
{
    struct Case {
        cv::Size src, dst;
        cv::Rect region;
    };
    const std::vector<Case> cases = {
        { { 1280, 720 }, { 340, 256 }, { 58, 16, 224, 224 } },
        { { 320, 240 }, { 340, 256 }, { 58, 16, 224, 224 } },
        { { 768, 576 }, { 340, 256 }, { 0, 0, 340, 256 } },
        { { 33, 17 }, { 20, 11 }, { 3, 2, 9, 7 } },
        { { 33, 17 }, { 33, 9 }, { 1, 1, 30, 5 } },
        { { 33, 17 }, { 17, 17 }, { 16, 16, 1, 1 } },
        { { 7, 5 }, { 64, 3 }, { 60, 0, 4, 3 } },
    };
    for (const Case& c : cases) {
        for (ResampleFilter filter : { ResampleFilter::Bilinear, ResampleFilter::Lanczos }) {
            SCOPED_TRACE(std::to_string(c.src.width) + "x" + std::to_string(c.src.height) + " to "
                + std::to_string(c.dst.width) + "x" + std::to_string(c.dst.height));
            const PilResizer resizer(c.src.width, c.src.height, c.dst.width, c.dst.height, filter);
            const cv::Mat source = hashedImage(c.src.width, c.src.height);
            const cv::Mat part = resizer.apply(source, c.region);
            ASSERT_EQ(part.size(), c.region.size());
            EXPECT_EQ(cv::norm(part, resizer.apply(source)(c.region), cv::NORM_INF), 0.0);
        }
    }
}

TEST(PilResizer, RejectsARegionOutsideTheOutput)
{
    const PilResizer resizer(33, 17, 20, 11, ResampleFilter::Lanczos);
    const cv::Mat source = hashedImage(33, 17);
    EXPECT_THROW(resizer.apply(source, cv::Rect(10, 0, 11, 11)), Error);
    EXPECT_THROW(resizer.apply(source, cv::Rect(0, 0, 0, 5)), Error);
}

TEST(PilResizer, ReturnsACopyWhenTheSizeIsUnchanged)
{
    const cv::Mat source = hashedImage(33, 17);
    const cv::Mat same = PilResizer(33, 17, 33, 17, ResampleFilter::Bilinear).apply(source);
    EXPECT_NE(same.data, source.data);
    EXPECT_EQ(cv::norm(same, source, cv::NORM_INF), 0.0);
}

TEST(PilResizer, ConvenienceFunctionGivesTheSameBytes)
{
    const cv::Mat source = hashedImage(40, 30);
    const cv::Mat once = resizeLikePil(source, 34, 26, ResampleFilter::Lanczos);
    const cv::Mat viaTables = PilResizer(40, 30, 34, 26, ResampleFilter::Lanczos).apply(source);
    EXPECT_EQ(cv::norm(once, viaTables, cv::NORM_INF), 0.0);
}

TEST(PilResizer, RejectsAFrameOfAnotherSizeOrType)
{
    const PilResizer resizer(33, 17, 20, 11, ResampleFilter::Lanczos);
    EXPECT_THROW(resizer.apply(hashedImage(34, 17)), Error);
    EXPECT_THROW(resizer.apply(cv::Mat(17, 33, CV_8UC1, cv::Scalar(0))), Error);
}

TEST(PilResizer, RejectsNonPositiveSizes)
{
    EXPECT_THROW(PilResizer(0, 17, 20, 11, ResampleFilter::Bilinear), Error);
    EXPECT_THROW(PilResizer(33, 17, 20, 0, ResampleFilter::Bilinear), Error);
}

} // namespace
} // namespace vigil::preprocess
