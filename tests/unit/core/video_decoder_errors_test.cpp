// VideoDecoder on what is not a video it can decode, and on cancellation: a MediaError naming the
// path, or Cancelled, never a crash.

#include "core/common/cancellation.h"
#include "core/common/error.h"
#include "core/media/video_decoder.h"
#include "tests/unit/core/decoder_clips.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace vigil::test::decoder_clips;
using vigil::CancellationToken;
using vigil::MediaError;
using vigil::media::VideoDecoder;

void expectMediaErrorNaming(const std::string& path)
{
    try {
        VideoDecoder decoder(path);
        ADD_FAILURE() << "no MediaError for " << path;
    } catch (const MediaError& error) {
        EXPECT_NE(std::string(error.what()).find(path), std::string::npos) << error.what();
    }
}

TEST(VideoDecoder, ThrowsMediaErrorNamingAMissingFile)
{
    expectMediaErrorNaming((clipFolder() / "does_not_exist.mp4").string());
}

TEST(VideoDecoder, ThrowsMediaErrorNamingADirectory)
{
    expectMediaErrorNaming(clipFolder().string());
}

TEST(VideoDecoder, ThrowsMediaErrorNamingAnEmptyFile)
{
    const std::string path = (clipFolder() / "empty.mp4").string();
    writeBytes(path, {});
    expectMediaErrorNaming(path);
}

TEST(VideoDecoder, ThrowsMediaErrorNamingAFileOfRandomBytes)
{
    std::mt19937 random(20240601);
    std::vector<char> bytes(64 * 1024);
    std::generate(bytes.begin(), bytes.end(), [&random] { return static_cast<char>(random()); });
    const std::string path = (clipFolder() / "random.mp4").string();
    writeBytes(path, bytes);
    expectMediaErrorNaming(path);
}

TEST(VideoDecoder, ThrowsMediaErrorNamingAnAudioOnlyFile)
{
    if (!hasFfmpeg())
        GTEST_SKIP() << kNoFfmpeg;
    for (const char* name : { "sine.wav", "sine.m4a" }) {
        SCOPED_TRACE(name);
        expectMediaErrorNaming(makeClip(name, "-f lavfi -i sine=duration=1"));
    }
}

TEST(VideoDecoder, ThrowsCancelledFromTheConstructorWhenAlreadyCancelled)
{
    if (!hasFfmpeg())
        GTEST_SKIP() << kNoFfmpeg;
    const std::string clip = makeClip("cancel_open.mp4", testPattern("64x48") + " -c:v mpeg4");
    CancellationToken cancel;
    cancel.cancel();
    EXPECT_THROW(VideoDecoder(clip, &cancel), vigil::Cancelled);
}

TEST(VideoDecoder, ThrowsCancelledFromNextOnceCancelled)
{
    if (!hasFfmpeg())
        GTEST_SKIP() << kNoFfmpeg;
    CancellationToken cancel;
    VideoDecoder decoder(
        makeClip("cancel_next.mp4", testPattern("64x48") + " -c:v mpeg4"), &cancel);
    ASSERT_TRUE(decoder.next());
    cancel.cancel();
    EXPECT_THROW(decoder.next(), vigil::Cancelled);
}

} // namespace
