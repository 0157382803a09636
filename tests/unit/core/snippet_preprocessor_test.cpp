// SnippetPreprocessor: the protocol's crops, their order, the [-1, 1] scaling and the layout.

#include "core/common/error.h"
#include "core/preprocess/snippet_preprocessor.h"
#include "tests/unit/core/preprocess_goldens.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace vigil::preprocess {
namespace {

constexpr int kCrop = SnippetPreprocessor::kCropSize;
constexpr size_t kPlane = static_cast<size_t>(kCrop) * kCrop;

using golden::readFloats;

// A 256x340 frame whose pixels name their place: R = y, G = x mod 256, B = x / 256 + 2 t.
cv::Mat coordinateFrame(int t)
{
    cv::Mat frame(256, 340, CV_8UC3);
    for (int y = 0; y < frame.rows; ++y)
        for (int x = 0; x < frame.cols; ++x)
            frame.at<cv::Vec3b>(y, x) = cv::Vec3b(static_cast<uchar>(y),
                static_cast<uchar>(x & 255), static_cast<uchar>((x >> 8) + 2 * t));
    return frame;
}

TEST(CropBoxes, FollowTheProtocolOrderInTenCropMode)
{
    const std::vector<CropBox> boxes = cropBoxes(CropMode::Ten);
    const int expected[10][3] = { { 0, 0, 0 }, { 0, 116, 0 }, { 16, 58, 0 }, { 32, 0, 0 },
        { 32, 116, 0 }, { 0, 0, 1 }, { 0, 116, 1 }, { 16, 58, 1 }, { 32, 0, 1 }, { 32, 116, 1 } };
    ASSERT_EQ(boxes.size(), 10u);
    for (size_t i = 0; i < boxes.size(); ++i) {
        SCOPED_TRACE("crop " + std::to_string(i));
        EXPECT_EQ(boxes[i].top, expected[i][0]);
        EXPECT_EQ(boxes[i].left, expected[i][1]);
        EXPECT_EQ(boxes[i].isFlipped, expected[i][2] == 1);
    }
}

TEST(CropBoxes, HoldTheCentreCropAloneInCenterMode)
{
    const std::vector<CropBox> boxes = cropBoxes(CropMode::Center);
    ASSERT_EQ(boxes.size(), 1u);
    EXPECT_EQ(boxes[0].top, 16);
    EXPECT_EQ(boxes[0].left, 58);
    EXPECT_FALSE(boxes[0].isFlipped);
}

class SnippetCropGeometry : public testing::TestWithParam<CropMode> { };

TEST_P(SnippetCropGeometry, TakesEveryValueFromItsCropCoordinatesAndFrame)
{
    const SnippetPreprocessor preprocessor(GetParam(), cv::Size(320, 240));
    const std::vector<cv::Mat> frames
        = { coordinateFrame(0), coordinateFrame(1), coordinateFrame(2) };
    const FloatArray input = preprocessor.apply(frames);
    const std::vector<float> table = readFloats("i3d_scale_table.f32");
    ASSERT_EQ(table.size(), 256u);
    ASSERT_TRUE(std::is_sorted(table.begin(), table.end()));
    const auto byteOf = [&](float value) {
        return static_cast<int>(
            std::lower_bound(table.begin(), table.end(), value) - table.begin());
    };

    const size_t frameCount = frames.size();
    for (int crop = 0; crop < preprocessor.cropCount(); ++crop) {
        const CropBox box = preprocessor.boxes()[static_cast<size_t>(crop)];
        for (size_t t = 0; t < frameCount; ++t) {
            SCOPED_TRACE("crop " + std::to_string(crop) + ", frame " + std::to_string(t));
            const float* red = input.data() + (crop * 3 * frameCount + t) * kPlane;
            const float* green = red + frameCount * kPlane;
            const float* blue = green + frameCount * kPlane;
            int wrong = 0;
            for (int y = 0; y < kCrop; ++y) {
                for (int x = 0; x < kCrop; ++x) {
                    const size_t at = static_cast<size_t>(y) * kCrop + x;
                    const int sourceX = box.isFlipped ? 339 - (box.left + x) : box.left + x;
                    const int blueByte = byteOf(blue[at]);
                    const bool isRight = byteOf(red[at]) == box.top + y
                        && byteOf(green[at]) + 256 * (blueByte % 2) == sourceX
                        && blueByte / 2 == static_cast<int>(t);
                    if (!isRight && wrong++ == 0)
                        ADD_FAILURE() << "wrong source pixel at crop y " << y << ", x " << x;
                }
            }
            EXPECT_EQ(wrong, 0);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Modes, SnippetCropGeometry,
    testing::Values(CropMode::Center, CropMode::Ten),
    [](const testing::TestParamInfo<CropMode>& info) {
        return std::string(info.param == CropMode::Center ? "Center" : "Ten");
    });

TEST(SnippetPreprocessor, ScalesEveryByteLikeNumPyInDouble)
{
    const SnippetPreprocessor preprocessor(CropMode::Center, cv::Size(340, 256));
    cv::Mat frame(256, 340, CV_8UC3);
    for (int y = 0; y < frame.rows; ++y)
        for (int x = 0; x < frame.cols; ++x)
            frame.at<cv::Vec3b>(y, x) = cv::Vec3b::all(static_cast<uchar>((y * 340 + x) % 256));
    const FloatArray input = preprocessor.apply({ frame });
    const std::vector<float> table = readFloats("i3d_scale_table.f32");
    int wrong = 0;
    for (int64_t i = 0; i < input.size(); ++i) {
        const int y = 16 + static_cast<int>(i / kCrop % kCrop);
        const int x = 58 + static_cast<int>(i % kCrop);
        wrong += input.values[static_cast<size_t>(i)]
            != table[static_cast<size_t>((y * 340 + x) % 256)];
    }
    EXPECT_EQ(wrong, 0);
}

TEST(SnippetPreprocessor, MatchesTheReferenceTenCropsOfA320x240Frame)
{
    const SnippetPreprocessor preprocessor(CropMode::Ten, cv::Size(320, 240));
    const cv::Mat resized = preprocessor.resizeFrame(golden::hashedImage(320, 240));
    const FloatArray input = preprocessor.apply({ resized });
    const std::vector<float> expected = readFloats("i3d_ten_crop_320x240.f32");
    const std::vector<int> grid = golden::gridIndices(kCrop, 16);
    ASSERT_EQ(expected.size(), 10 * 3 * grid.size() * grid.size());
    size_t at = 0;
    for (int plane = 0; plane < 10 * 3; ++plane) {
        SCOPED_TRACE(
            "crop " + std::to_string(plane / 3) + ", channel " + std::to_string(plane % 3));
        int wrong = 0;
        for (int y : grid)
            for (int x : grid)
                wrong += input.values[plane * kPlane + static_cast<size_t>(y * kCrop + x)]
                    != expected[at++];
        EXPECT_EQ(wrong, 0);
    }
}

// What the pipeline runs: only the crops' region resized, the same network input as from the
// whole resized frame.
TEST(SnippetPreprocessor, CropRegionGivesTheSameInputAsTheWholeFrame)
{
    for (CropMode mode : { CropMode::Center, CropMode::Ten }) {
        for (cv::Size size : { cv::Size(320, 240), cv::Size(1280, 720) }) {
            const SnippetPreprocessor preprocessor(mode, size);
            const cv::Mat frame = golden::hashedImage(size.width, size.height);
            const cv::Mat region = preprocessor.resizeForCrops(frame);
            EXPECT_EQ(
                region.size(), mode == CropMode::Center ? cv::Size(224, 224) : cv::Size(340, 256));
            const FloatArray fromRegion = preprocessor.apply({ region, region });
            const FloatArray fromWhole
                = preprocessor.apply({ preprocessor.resizeFrame(frame), region });
            EXPECT_EQ(fromRegion.values, fromWhole.values) << size.width << "x" << size.height;
        }
    }
    EXPECT_EQ(SnippetPreprocessor(CropMode::Center, cv::Size(320, 240)).cropRegion(),
        cv::Rect(58, 16, 224, 224));
}

TEST(SnippetPreprocessor, ResizesFramesTo340x256)
{
    const SnippetPreprocessor preprocessor(CropMode::Center, cv::Size(33, 17));
    const cv::Mat resized = preprocessor.resizeFrame(golden::hashedImage(33, 17));
    EXPECT_EQ(resized.size(), cv::Size(340, 256));
    EXPECT_EQ(resized.type(), CV_8UC3);
}

TEST(SnippetPreprocessor, ShapesItsArrayCropsChannelsTimeHeightWidth)
{
    const SnippetPreprocessor preprocessor(CropMode::Ten, cv::Size(320, 240));
    EXPECT_EQ(preprocessor.cropCount(), 10);
    const std::vector<cv::Mat> frames(2, coordinateFrame(0));
    EXPECT_EQ(preprocessor.apply(frames).shape, (std::vector<int64_t> { 10, 3, 2, 224, 224 }));
}

TEST(SnippetPreprocessor, RejectsAFrameThatWasNotResized)
{
    const SnippetPreprocessor preprocessor(CropMode::Center, cv::Size(320, 240));
    EXPECT_THROW(preprocessor.apply({ golden::hashedImage(320, 240) }), Error);
    EXPECT_THROW(preprocessor.resizeFrame(golden::hashedImage(340, 256)), Error);
}

} // namespace
} // namespace vigil::preprocess
