// VideoDecoder against clips the ffmpeg tool makes at test time: counts, sizes, timestamps,
// colours and rotation are compared with what was encoded or with the ffmpeg tool's own decode.

#include "core/common/cancellation.h"
#include "core/common/error.h"
#include "core/media/video_decoder.h"
#include "tests/unit/core/decoder_clips.h"

#include <gtest/gtest.h>
#include <opencv2/core.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using namespace vigil::test::decoder_clips;
using vigil::media::VideoDecoder;
using vigil::media::VideoFrame;

// The first frame as the ffmpeg tool decodes it (autorotation included), as RGB. The tool is
// asked for the decoder's conversion flags; its default (bicubic, chroma taken from the nearest
// sample) differs by about 7 levels on average on testsrc2's sharp colour edges.
cv::Mat ffmpegFirstFrame(const std::string& clip, int width, int height)
{
    const std::string raw = clip + ".rgb";
    if (!runs("ffmpeg -y -nostdin -v error -i '" + clip
            + "' -frames:v 1 -sws_flags bilinear+accurate_rnd+full_chroma_int -f rawvideo"
              " -pix_fmt rgb24 '"
            + raw + "'"))
        throw std::runtime_error("ffmpeg could not decode " + clip);
    std::ifstream in(raw, std::ios::binary);
    const std::vector<char> bytes { std::istreambuf_iterator<char>(in), {} };
    cv::Mat rgb(height, width, CV_8UC3);
    if (bytes.size() != rgb.total() * rgb.elemSize())
        throw std::runtime_error(raw + " does not hold one " + std::to_string(width) + "x"
            + std::to_string(height) + " RGB frame");
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<char*>(rgb.data));
    return rgb;
}

double meanAbsoluteDifference(const cv::Mat& a, const cv::Mat& b)
{
    return cv::norm(a, b, cv::NORM_L1) / static_cast<double>(a.total() * a.channels());
}

struct CodecCase {
    const char* encoder;
    const char* container;
    const char* codecName;
    const char* options;
};

class VideoDecoderCodec : public ::testing::TestWithParam<CodecCase> {
protected:
    void SetUp() override
    {
        if (!hasFfmpeg())
            GTEST_SKIP() << kNoFfmpeg;
        if (!hasEncoder(GetParam().encoder))
            GTEST_SKIP() << "ffmpeg has no " << GetParam().encoder << " encoder";
    }

    std::string makeCodecClip(const std::string& stem, const std::string& input) const
    {
        const CodecCase& codec = GetParam();
        return makeClip(stem + "_" + codec.encoder + "." + codec.container,
            input + " -c:v " + codec.encoder + " " + codec.options);
    }
};

TEST_P(VideoDecoderCodec, DecodesEveryFrameWithItsSizeAndTimestamp)
{
    VideoDecoder decoder(makeCodecClip("pattern", testPattern("64x48")));
    EXPECT_EQ(decoder.info().width, 64);
    EXPECT_EQ(decoder.info().height, 48);
    EXPECT_DOUBLE_EQ(decoder.info().fps, kClipFps);
    EXPECT_NEAR(static_cast<double>(decoder.info().frameCountEstimate), kClipFrames, 1.0);
    EXPECT_NEAR(decoder.info().durationS, kClipFrames / kClipFps, 0.05);
    EXPECT_EQ(decoder.info().rotationDeg, 0);
    EXPECT_EQ(decoder.info().codecName, GetParam().codecName);

    const std::vector<VideoFrame> frames = decodeAll(decoder);
    ASSERT_EQ(frames.size(), static_cast<size_t>(kClipFrames));
    for (size_t i = 0; i < frames.size(); ++i) {
        SCOPED_TRACE("frame " + std::to_string(i));
        const VideoFrame& frame = frames[i];
        EXPECT_EQ(frame.frameIndex, static_cast<int64_t>(i));
        EXPECT_NEAR(static_cast<double>(frame.ptsUs), i * 1e6 / kClipFps, 1.0);
        EXPECT_EQ(frame.rgb.type(), CV_8UC3);
        EXPECT_EQ(frame.rgb.cols, 64);
        EXPECT_EQ(frame.rgb.rows, 48);
        EXPECT_TRUE(frame.rgb.isContinuous());
    }
    EXPECT_EQ(decoder.corruptFramesSkipped(), 0);
}

TEST_P(VideoDecoderCodec, DecodesSolidRedToRedInRgbOrder)
{
    VideoDecoder decoder(
        makeCodecClip("red", "-f lavfi -i color=c=red:size=64x48:rate=25 -frames:v 3"));
    const std::optional<VideoFrame> frame = decoder.next();
    ASSERT_TRUE(frame);
    const cv::Scalar mean = cv::mean(frame->rgb);
    EXPECT_NEAR(mean[0], 255.0, 6.0);
    EXPECT_NEAR(mean[1], 0.0, 6.0);
    EXPECT_NEAR(mean[2], 0.0, 6.0);
}

TEST_P(VideoDecoderCodec, MatchesTheFfmpegToolsDecode)
{
    const std::string clip = makeCodecClip("reference", testPattern("64x48"));
    VideoDecoder decoder(clip);
    const std::optional<VideoFrame> frame = decoder.next();
    ASSERT_TRUE(frame);
    EXPECT_LT(meanAbsoluteDifference(frame->rgb, ffmpegFirstFrame(clip, 64, 48)), 1.0);
}

INSTANTIATE_TEST_SUITE_P(VideoDecoder, VideoDecoderCodec,
    ::testing::Values(CodecCase { "mpeg4", "mp4", "mpeg4", "" },
        CodecCase { "mjpeg", "avi", "mjpeg", "" },
        CodecCase { "libx264", "mp4", "h264", "-pix_fmt yuv420p" },
        CodecCase { "ffv1", "mkv", "ffv1", "" }),
    [](const auto& info) { return std::string(info.param.encoder); });

TEST(VideoDecoder, ReturnsNulloptAtEndOfStream)
{
    if (!hasFfmpeg())
        GTEST_SKIP() << kNoFfmpeg;
    VideoDecoder decoder(makeClip("end.mp4", testPattern("64x48") + " -c:v mpeg4"));
    EXPECT_EQ(decodeAll(decoder).size(), static_cast<size_t>(kClipFrames));
    EXPECT_FALSE(decoder.next());
    EXPECT_FALSE(decoder.next());
}

TEST(VideoDecoder, DecodesAnOddFrameSize)
{
    if (!hasFfmpeg())
        GTEST_SKIP() << kNoFfmpeg;
    // testsrc2 rounds its size down to even; testsrc does not. 4:2:0 chroma at an odd size has a
    // half-covered last column and row, the case converters get wrong.
    const std::string clip = makeClip("odd.mkv",
        "-f lavfi -i testsrc=size=33x17:rate=25 -frames:v " + std::to_string(kClipFrames)
            + " -c:v ffv1 -pix_fmt yuv420p");
    VideoDecoder decoder(clip);
    EXPECT_EQ(decoder.info().width, 33);
    EXPECT_EQ(decoder.info().height, 17);
    const std::vector<VideoFrame> frames = decodeAll(decoder);
    ASSERT_EQ(frames.size(), static_cast<size_t>(kClipFrames));
    EXPECT_EQ(frames.back().rgb.cols, 33);
    EXPECT_EQ(frames.back().rgb.rows, 17);
    EXPECT_TRUE(frames.back().rgb.isContinuous());
    EXPECT_LT(meanAbsoluteDifference(frames.front().rgb, ffmpegFirstFrame(clip, 33, 17)), 1.0);
}

TEST(VideoDecoder, KeepsDecodingAfterAMove)
{
    if (!hasFfmpeg())
        GTEST_SKIP() << kNoFfmpeg;
    VideoDecoder first(makeClip("move.mp4", testPattern("64x48") + " -c:v mpeg4"));
    for (int i = 0; i < 5; ++i)
        ASSERT_TRUE(first.next());
    VideoDecoder second(std::move(first));
    const std::optional<VideoFrame> frame = second.next();
    ASSERT_TRUE(frame);
    EXPECT_EQ(frame->frameIndex, 5);
    EXPECT_EQ(decodeAll(second).size(), static_cast<size_t>(kClipFrames - 6));
}

// The clip gets its display matrix by stream copy: ffmpeg 5.1 turns the "rotate" tag into a
// matrix only when copying, not when encoding. The expected turn is not derived from the tag
// (its sign has changed between ffmpeg versions) but from the ffmpeg tool's autorotation.
class VideoDecoderRotation : public ::testing::TestWithParam<int> { };

TEST_P(VideoDecoderRotation, TurnsFramesUprightLikeTheFfmpegTool)
{
    if (!hasFfmpeg())
        GTEST_SKIP() << kNoFfmpeg;
    const std::string tag = std::to_string(GetParam());
    // A red square in the top-left corner of the coded picture shows where that corner went.
    const std::string plain = makeClip("corner" + tag + ".mp4",
        "-f lavfi -i color=c=black:size=64x48:rate=25 -vf "
        "drawbox=x=0:y=0:w=16:h=16:color=red:t=fill -frames:v 3 "
        "-c:v mpeg4 -q:v 2");
    const std::string rotated = makeClip(
        "corner_rotate" + tag + ".mp4", "-i '" + plain + "' -c copy -metadata:s:v rotate=" + tag);
    VideoDecoder decoder(rotated);
    const int rotationDeg = decoder.info().rotationDeg;
    ASSERT_TRUE(rotationDeg == 90 || rotationDeg == 180 || rotationDeg == 270) << rotationDeg;
    const bool isQuarterTurn = rotationDeg != 180;
    const int width = isQuarterTurn ? 48 : 64;
    const int height = isQuarterTurn ? 64 : 48;
    EXPECT_EQ(decoder.info().width, width);
    EXPECT_EQ(decoder.info().height, height);

    const std::optional<VideoFrame> frame = decoder.next();
    ASSERT_TRUE(frame);
    ASSERT_EQ(frame->rgb.cols, width);
    ASSERT_EQ(frame->rgb.rows, height);
    EXPECT_LT(meanAbsoluteDifference(frame->rgb, ffmpegFirstFrame(rotated, width, height)), 1.0);

    // rotationDeg is clockwise: the top-left corner ends top-right, bottom-right or bottom-left.
    const bool isRight = rotationDeg == 90 || rotationDeg == 180;
    const bool isBottom = rotationDeg == 180 || rotationDeg == 270;
    const cv::Vec3b corner
        = frame->rgb.at<cv::Vec3b>(isBottom ? height - 4 : 4, isRight ? width - 4 : 4);
    EXPECT_GT(corner[0], 200);
    EXPECT_LT(corner[2], 50);
}

INSTANTIATE_TEST_SUITE_P(VideoDecoder, VideoDecoderRotation, ::testing::Values(90, 180, 270),
    [](const auto& info) { return "Tag" + std::to_string(info.param); });

TEST(VideoDecoder, DecodesOpenCvSampleVideo)
{
    const std::string path = "/usr/share/doc/opencv-doc/examples/data/vtest.avi";
    if (!fs::exists(path))
        GTEST_SKIP() << path << " is missing; install opencv-doc";
    VideoDecoder decoder(path);
    EXPECT_EQ(decoder.info().width, 768);
    EXPECT_EQ(decoder.info().height, 576);
    int64_t count = 0;
    int64_t previousPtsUs = -1;
    while (auto frame = decoder.next()) {
        EXPECT_GT(frame->ptsUs, previousPtsUs);
        previousPtsUs = frame->ptsUs;
        ++count;
    }
    EXPECT_EQ(count, 795);
}

TEST(VideoDecoder, DecodesATruncatedFileUpToTheCut)
{
    if (!hasFfmpeg())
        GTEST_SKIP() << kNoFfmpeg;
    const std::string clip
        = makeClip("whole.mp4", testPattern("64x48") + " -c:v mpeg4 -movflags +faststart");
    const std::string truncated = (clipFolder() / "truncated.mp4").string();
    fs::copy_file(clip, truncated, fs::copy_options::overwrite_existing);
    fs::resize_file(truncated, fs::file_size(clip) * 6 / 10);

    VideoDecoder decoder(truncated);
    const size_t count = decodeAll(decoder).size();
    EXPECT_GT(count, 0u);
    EXPECT_LT(count, static_cast<size_t>(kClipFrames));
}

// Issue 13, item 9: two MPEG-TS clips of different sizes, byte-concatenated, are one legal stream
// whose size changes midway (and whose timestamps start again). Callers size their buffers from
// info(), so every frame comes out at the first size, and the change is one warning.
TEST(VideoDecoder, ScalesFramesAfterAMidStreamSizeChangeToTheFirstSize)
{
    if (!hasFfmpeg())
        GTEST_SKIP() << kNoFfmpeg;
    const std::string codec
        = hasEncoder("libx264") ? "-c:v libx264 -preset ultrafast" : "-c:v mpeg2video";
    const std::string small
        = makeClip("small.ts", testPattern("64x48") + " " + codec + " -f mpegts");
    const std::string large
        = makeClip("large.ts", testPattern("96x64") + " " + codec + " -f mpegts");
    const std::string joined = (clipFolder() / "joined.ts").string();
    ASSERT_TRUE(runs("cat '" + small + "' '" + large + "' > '" + joined + "'"));

    VideoDecoder decoder(joined);
    EXPECT_EQ(decoder.info().width, 64);
    const std::vector<VideoFrame> frames = decodeAll(decoder);
    ASSERT_EQ(frames.size(), static_cast<size_t>(2 * kClipFrames));
    for (size_t i = 0; i < frames.size(); ++i) {
        SCOPED_TRACE("frame " + std::to_string(i));
        EXPECT_EQ(frames[i].rgb.cols, 64);
        EXPECT_EQ(frames[i].rgb.rows, 48);
        if (i > 0)
            EXPECT_GT(frames[i].ptsUs, frames[i - 1].ptsUs);
    }
    EXPECT_EQ(decoder.warnings(),
        std::vector<std::string> {
            "the frame size changed mid-stream from 64x48 to 96x64; 40 frames "
            "were scaled to 64x48" });
}

} // namespace
