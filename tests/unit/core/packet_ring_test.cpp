// PacketRing: the packets kept for live clips stay within their duration and byte bounds, and a
// clip is cut from a keyframe by stream copy.

#include "core/media/packet_ring.h"
#include "core/media/video_decoder.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

namespace {

using namespace vigil;

// 10 s at 25 fps, a keyframe every second.
std::string tenSecondClip()
{
    const std::string path = test::scratchDir("packet-ring") + "/ten.mkv";
    EXPECT_TRUE(
        test::makeClip(path, "testsrc2=size=160x120:rate=25", 250, "-c:v mpeg4 -q:v 4 -g 25"));
    return path;
}

int64_t decodeAll(const std::string& path, media::PacketRing& ring, int64_t& maxHeld)
{
    media::VideoDecoder decoder(path);
    decoder.keepPackets(ring);
    int64_t frames = 0;
    while (decoder.next()) {
        ++frames;
        maxHeld = std::max(maxHeld, ring.packetsHeld());
    }
    return frames;
}

TEST(PacketRing, KeepsOnlyTheNewestPacketsWithinItsDuration)
{
    const std::string path = tenSecondClip();
    media::PacketRing ring(2000000, int64_t { 64 } << 20);
    int64_t maxHeld = 0;
    EXPECT_EQ(decodeAll(path, ring, maxHeld), 250);
    // 2 s at 25 fps, plus the packet at each end.
    EXPECT_LE(maxHeld, 52);
    EXPECT_GE(ring.packetsHeld(), 49);
}

TEST(PacketRing, KeepsWithinItsBytes)
{
    const std::string path = tenSecondClip();
    media::PacketRing ring(60000000, 20000);
    int64_t maxHeld = 0;
    decodeAll(path, ring, maxHeld);
    EXPECT_LE(ring.bytesHeld(), 20000);
    EXPECT_LT(maxHeld, 250);
}

TEST(PacketRing, ClipStartsAtTheKeyframeBeforeAndSaysWhenItStartsLate)
{
    const std::string path = tenSecondClip();
    media::PacketRing ring(4000000, int64_t { 64 } << 20);
    int64_t maxHeld = 0;
    decodeAll(path, ring, maxHeld);
    const std::string dir = test::scratchDir("packet-ring-clip");
    // The ring holds about 6-10 s; 7.5 s starts at the keyframe of 7 s.
    const auto clip = ring.writeClip(dir + "/a.mkv", 7500000, 9000000);
    ASSERT_TRUE(clip);
    EXPECT_EQ(clip->firstPtsUs, 7000000);
    EXPECT_FALSE(clip->startsLate);
    const test::CommandResult probe
        = test::runCommand("ffprobe -v error -count_frames "
                           "-show_entries stream=codec_name,nb_read_frames -of csv=p=0 "
            + test::shellQuoted(dir + "/a.mkv"));
    EXPECT_EQ(probe.output, "mpeg4,51\n"); // 7.00 to 9.00 s inclusive
    // 1 s has left the ring: the clip starts at its first keyframe, and says so.
    const auto late = ring.writeClip(dir + "/b.mkv", 1000000, 8000000);
    ASSERT_TRUE(late);
    EXPECT_TRUE(late->startsLate);
    EXPECT_GE(late->firstPtsUs, 6000000);
    // Nothing held before 3 s: no clip, no file.
    EXPECT_FALSE(ring.writeClip(dir + "/c.mkv", 0, 3000000));
    EXPECT_FALSE(std::filesystem::exists(dir + "/c.mkv"));
}

} // namespace
