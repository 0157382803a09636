// The rtfm preprocessing preset against torchvision (goldens of scripts/make_preprocess_goldens.py,
// made with Debian's python3-torchvision and python3-pil), and what each preset does with the
// frames after the last complete snippet, through the real decoder and pipeline.

#include "core/analysis/feature_pipeline.h"
#include "core/common/error.h"
#include "core/media/video_decoder.h"
#include "core/preprocess/snippet_preprocessor.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"
#include "tests/unit/core/preprocess_goldens.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

namespace vigil::preprocess {
namespace {

constexpr int kCrop = SnippetPreprocessor::kCropSize;
constexpr size_t kPlane = static_cast<size_t>(kCrop) * kCrop;

using golden::readFloats;

void expectBoxes(const std::vector<CropBox>& boxes, const std::vector<CropBox>& expected)
{
    ASSERT_EQ(boxes.size(), expected.size());
    for (size_t i = 0; i < boxes.size(); ++i) {
        SCOPED_TRACE("crop " + std::to_string(i));
        EXPECT_EQ(boxes[i].top, expected[i].top);
        EXPECT_EQ(boxes[i].left, expected[i].left);
        EXPECT_EQ(boxes[i].isFlipped, expected[i].isFlipped);
    }
}

// torchvision's ten_crop: five_crop (tl, tr, bl, br, centre), then five_crop of the hflipped frame.
TEST(CropBoxes, FollowTorchvisionTenCropOrderUnderRtfm)
{
    // 320x240 -> 341x256: centre left round(117 / 2.0) = 58 (half to even), top 16.
    expectBoxes(cropBoxes(PreprocessPreset::Rtfm, CropMode::Ten, { 341, 256 }),
        { { 0, 0, false }, { 0, 117, false }, { 32, 0, false }, { 32, 117, false },
            { 16, 58, false }, { 0, 0, true }, { 0, 117, true }, { 32, 0, true }, { 32, 117, true },
            { 16, 58, true } });
    // Portrait 256x353: centre top round(129 / 2.0) = 64.
    expectBoxes(
        cropBoxes(PreprocessPreset::Rtfm, CropMode::Center, { 256, 353 }), { { 64, 16, false } });
    // The default keeps the extractor tool's order, centre third.
    expectBoxes(cropBoxes(PreprocessPreset::I3dResnetExtractor, CropMode::Ten, { 340, 256 }),
        cropBoxes(CropMode::Ten));
    EXPECT_EQ(cropBoxes(CropMode::Ten)[2].top, 16);
}

TEST(RtfmPreset, NormalisesEveryByteLikeTorchvisionNormalize)
{
    const SnippetPreprocessor preprocessor(CropMode::Center, { 320, 240 }, PreprocessPreset::Rtfm);
    const std::vector<float> table = readFloats("rtfm_normalize_table.f32");
    ASSERT_EQ(table.size(), 256u);
    for (int v = 0; v < 256; ++v)
        EXPECT_EQ(preprocessor.normalized(static_cast<uint8_t>(v)), table[static_cast<size_t>(v)])
            << "byte " << v;
    EXPECT_EQ(preprocessor.preset(), PreprocessPreset::Rtfm);
}

struct RtfmResizeCase {
    int srcWidth, srcHeight, dstWidth, dstHeight;
};

class RtfmResize : public testing::TestWithParam<RtfmResizeCase> { };

TEST_P(RtfmResize, MatchesTorchvisionResize256ByteForByte)
{
    const RtfmResizeCase c = GetParam();
    const SnippetPreprocessor preprocessor(
        CropMode::Ten, { c.srcWidth, c.srcHeight }, PreprocessPreset::Rtfm);
    ASSERT_EQ(preprocessor.frameSize(), cv::Size(c.dstWidth, c.dstHeight));
    const cv::Mat resized = preprocessor.resizeFrame(golden::hashedImage(c.srcWidth, c.srcHeight));
    ASSERT_EQ(resized.size(), cv::Size(c.dstWidth, c.dstHeight));
    const std::vector<char> expected = golden::readGolden("rtfm_resize_"
        + std::to_string(c.srcWidth) + "x" + std::to_string(c.srcHeight) + "_to_"
        + std::to_string(c.dstWidth) + "x" + std::to_string(c.dstHeight) + ".u8");
    const std::vector<int> rows = golden::gridIndices(c.dstHeight, 5);
    const std::vector<int> columns = golden::gridIndices(c.dstWidth, 5);
    ASSERT_EQ(expected.size(), rows.size() * columns.size() * 3);
    size_t at = 0;
    int wrong = 0;
    for (int y : rows)
        for (int x : columns)
            for (int channel = 0; channel < 3; ++channel)
                wrong += resized.at<cv::Vec3b>(y, x)[channel] != static_cast<uchar>(expected[at++]);
    EXPECT_EQ(wrong, 0);
}

INSTANTIATE_TEST_SUITE_P(Sizes, RtfmResize,
    testing::Values(RtfmResizeCase { 320, 240, 341, 256 }, RtfmResizeCase { 181, 250, 256, 353 },
        RtfmResizeCase { 33, 17, 496, 256 }, RtfmResizeCase { 300, 256, 300, 256 }),
    [](const testing::TestParamInfo<RtfmResizeCase>& info) {
        return std::to_string(info.param.srcWidth) + "x" + std::to_string(info.param.srcHeight);
    });

class RtfmCrops : public testing::TestWithParam<cv::Size> { };

// TenCrop(224) and CenterCrop(224) of the Resize(256) frame, normalised: the network input.
TEST_P(RtfmCrops, MatchTorchvisionTenCropAndCenterCrop)
{
    const cv::Size source = GetParam();
    const std::vector<int> grid = golden::gridIndices(kCrop, 16);
    for (CropMode mode : { CropMode::Ten, CropMode::Center }) {
        const std::string name = mode == CropMode::Ten ? "ten" : "center";
        SCOPED_TRACE(name);
        const SnippetPreprocessor preprocessor(mode, source, PreprocessPreset::Rtfm);
        const cv::Mat frame = golden::hashedImage(source.width, source.height);
        const FloatArray input = preprocessor.apply({ preprocessor.resizeFrame(frame) });
        // What the pipeline computes: only the crops' region of the resize, the same input.
        EXPECT_EQ(preprocessor.apply({ preprocessor.resizeForCrops(frame) }).values, input.values);
        const std::vector<float> expected = readFloats("rtfm_" + name + "_crop_"
            + std::to_string(source.width) + "x" + std::to_string(source.height) + ".f32");
        const size_t planes = static_cast<size_t>(preprocessor.cropCount()) * 3;
        ASSERT_EQ(expected.size(), planes * grid.size() * grid.size());
        size_t at = 0;
        for (size_t plane = 0; plane < planes; ++plane) {
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
}

INSTANTIATE_TEST_SUITE_P(Sources, RtfmCrops,
    testing::Values(cv::Size(320, 240), cv::Size(181, 250)),
    [](const testing::TestParamInfo<cv::Size>& info) {
        return std::to_string(info.param.width) + "x" + std::to_string(info.param.height);
    });

TEST(LoopPadding, RepeatsAShortClipInOrderAsLoopPaddingDoes)
{
    const std::vector<char> expected = golden::readGolden("rtfm_loop_padding.u8");
    ASSERT_EQ(expected.size(), 16u * 16u);
    for (size_t frames = 1; frames <= 16; ++frames) {
        SCOPED_TRACE(std::to_string(frames) + " frames");
        std::vector<cv::Mat> clip;
        for (size_t i = 0; i < frames; ++i)
            clip.push_back(cv::Mat(1, 1, CV_8UC3, cv::Scalar::all(static_cast<double>(i))));
        const std::vector<cv::Mat> padded = loopPadded(clip, 16);
        ASSERT_EQ(padded.size(), 16u);
        for (size_t t = 0; t < 16; ++t)
            EXPECT_EQ(padded[t].at<cv::Vec3b>(0, 0)[0], expected[(frames - 1) * 16 + t]) << t;
    }
    EXPECT_TRUE(loopPadded({}, 16).empty());
}

TEST(RtfmPreset, RefusesAFrameThatWouldResizeBeyondSixteenToOne)
{
    EXPECT_THROW(SnippetPreprocessor(CropMode::Ten, { 4000, 200 }, PreprocessPreset::Rtfm), Error);
    EXPECT_NO_THROW(SnippetPreprocessor(CropMode::Ten, { 4000, 200 }));
    EXPECT_EQ(presetFrameSize(PreprocessPreset::Rtfm, { 1280, 720 }), cv::Size(455, 256));
}

// A "network" whose feature is the mean of each input: what reached it, cheaply.
class MeanExtractor : public analysis::FeatureExtractor {
public:
    FloatArray extract(const FloatArray& input) const override
    {
        const int64_t items = input.dim(0);
        const int64_t perItem = items > 0 ? input.size() / items : 0;
        FloatArray output = FloatArray::zeros({ items, 1 });
        for (int64_t item = 0; item < items; ++item) {
            const float* begin = input.data() + item * perItem;
            output.values[static_cast<size_t>(item)] = static_cast<float>(
                std::accumulate(begin, begin + perItem, 0.0) / static_cast<double>(perItem));
        }
        return output;
    }
    int64_t featureSize() const override { return 1; }
};

class PresetSnippets : public testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = test::scratchDir("preset_snippets");
        for (int frames : { 10, 20, 50 })
            ASSERT_TRUE(test::makeClip(clip(frames), "testsrc2=size=160x120:rate=25", frames));
    }
    static std::string clip(int frames) { return dir_ + "/" + std::to_string(frames) + ".avi"; }

    static analysis::ExtractedFeatures run(int frames, PreprocessPreset preset)
    {
        analysis::ExtractionOptions options;
        options.preset = preset;
        const analysis::FeaturePipeline pipeline(std::make_shared<MeanExtractor>(), options);
        return pipeline.run(clip(frames), CancellationToken());
    }
    static std::string dir_;
};
std::string PresetSnippets::dir_;

// The extractor tool drops the frames after the last complete snippet (floor); rtfm keeps
// them, loop-padded (ceil).
TEST_F(PresetSnippets, CountFloorUnderTheDefaultAndCeilUnderRtfm)
{
    for (int frames : { 20, 50 }) {
        SCOPED_TRACE(std::to_string(frames) + " frames");
        EXPECT_EQ(run(frames, PreprocessPreset::I3dResnetExtractor).features.dim(0), frames / 16);
        EXPECT_EQ(run(frames, PreprocessPreset::Rtfm).features.dim(0), (frames + 15) / 16);
    }
    EXPECT_THROW(run(10, PreprocessPreset::I3dResnetExtractor), MediaError);
    EXPECT_EQ(run(10, PreprocessPreset::Rtfm).features.dim(0), 1);
}

// Keeps the last input it was given, so a test can see exactly what reached the network.
class CapturingExtractor : public MeanExtractor {
public:
    FloatArray extract(const FloatArray& input) const override
    {
        last_ = input;
        return MeanExtractor::extract(input);
    }
    mutable FloatArray last_;
};

// The last rtfm step is frames 16..19 repeated in order (LoopPadding), not zeros, not the last
// frame held, not frames of the snippet before.
TEST_F(PresetSnippets, FeedTheLoopPaddedLastFramesToTheNetwork)
{
    analysis::ExtractionOptions options;
    options.preset = PreprocessPreset::Rtfm;
    const auto network = std::make_shared<CapturingExtractor>();
    const analysis::FeaturePipeline pipeline(network, options);
    ASSERT_EQ(pipeline.run(clip(20), CancellationToken()).features.dim(0), 2);

    const SnippetPreprocessor pre(CropMode::Center, { 160, 120 }, PreprocessPreset::Rtfm);
    media::VideoDecoder decoder(clip(20));
    std::vector<cv::Mat> last;
    while (auto frame = decoder.next())
        if (frame->frameIndex >= 16)
            last.push_back(pre.resizeForCrops(frame->rgb));
    ASSERT_EQ(last.size(), 4u);
    const FloatArray expected = pre.apply(loopPadded(last, 16));
    ASSERT_EQ(network->last_.size(), expected.size()); // one snippet per pass on the CPU
    EXPECT_EQ(network->last_.values, expected.values);
}

} // namespace
} // namespace vigil::preprocess
