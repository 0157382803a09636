// VideoDecoder::seek against a straight decode of the same clip.

#include "core/media/video_decoder.h"
#include "tests/unit/core/decoder_clips.h"

#include <gtest/gtest.h>
#include <opencv2/core.hpp>

#include <string>
#include <vector>

namespace {

using namespace vigil::test::decoder_clips;
using vigil::media::VideoDecoder;
using vigil::media::VideoFrame;

// Seeking must land on the very frame a straight decode returns at that index, including frames
// between keyframes (a GOP of 12 puts most targets mid-GOP) and backwards jumps.
TEST(VideoDecoder, SeekReturnsTheSameFrameAsDecodingFromTheStart)
{
    if (!hasFfmpeg())
        GTEST_SKIP() << kNoFfmpeg;
    const std::string clip
        = makeClip("seek.mp4", testPattern("64x48") + " -c:v mpeg4 -g 12 -q:v 2");
    std::vector<VideoFrame> straight;
    VideoDecoder reference(clip);
    while (auto frame = reference.next())
        straight.push_back(std::move(*frame));
    ASSERT_EQ(straight.size(), static_cast<size_t>(kClipFrames));

    VideoDecoder decoder(clip);
    for (int index : { 30, 5, 0, 13, 39, 12, 11 }) {
        SCOPED_TRACE(index);
        decoder.seek(straight[static_cast<size_t>(index)].ptsUs);
        const auto frame = decoder.next();
        ASSERT_TRUE(frame);
        EXPECT_EQ(frame->frameIndex, index);
        EXPECT_EQ(frame->ptsUs, straight[static_cast<size_t>(index)].ptsUs);
        EXPECT_EQ(cv::norm(frame->rgb, straight[static_cast<size_t>(index)].rgb, cv::NORM_INF), 0);
    }
}

TEST(VideoDecoder, SeekThenNextContinuesInOrderToTheEnd)
{
    if (!hasFfmpeg())
        GTEST_SKIP() << kNoFfmpeg;
    VideoDecoder decoder(makeClip("seek_continue.mp4", testPattern("64x48") + " -c:v mpeg4 -g 10"));
    decoder.seek(static_cast<int64_t>(35 * 1e6 / kClipFps));
    int64_t expected = 35;
    while (auto frame = decoder.next())
        EXPECT_EQ(frame->frameIndex, expected++);
    EXPECT_EQ(expected, kClipFrames);
}

} // namespace
