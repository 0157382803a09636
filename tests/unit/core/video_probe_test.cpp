#include "core/media/media_log.h"
#include "core/media/video_probe.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>

namespace vigil::media {
namespace {

class VideoProbeTest : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        setMediaLogLevel(MediaLogLevel::Quiet); // the reasons are in the results; no FFmpeg chatter
        dir_ = test::scratchDir("video_probe");
    }
    static std::string dir_;
};
std::string VideoProbeTest::dir_;

TEST_F(VideoProbeTest, FindsAVideoWhateverItsName)
{
    const std::string path = dir_ + "/clip.bin";
    ASSERT_TRUE(test::makeClip(path, "testsrc2=size=64x48:rate=25", 5, "-c:v mpeg4 -f avi"));
    const VideoProbe probe = probeVideo(path);
    EXPECT_TRUE(probe.isVideo) << probe.reason;
    EXPECT_EQ(probe.reason, "");
}

TEST_F(VideoProbeTest, SaysWhyTextEmptyFilesStillImagesAndSoundAreNotVideos)
{
    std::ofstream(dir_ + "/text.mp4") << "not a video at all\n";
    std::ofstream(dir_ + "/empty.avi");
    ASSERT_TRUE(test::makeClip(dir_ + "/still.png", "testsrc2=size=64x48", 1, "-c:v png"));
    ASSERT_EQ(test::runCommand("ffmpeg -nostdin -y -v error -f lavfi -i sine=duration=0.5 "
                  + test::shellQuoted(dir_ + "/sound.wav"))
                  .exitCode,
        0);
    const std::pair<const char*, const char*> cases[] = { { "text.mp4", "Invalid data" },
        { "empty.avi", "empty file (0 bytes)" }, { "still.png", "still image" },
        { "sound.wav", "no video stream" }, { "missing.mp4", "No such file" } };
    for (const auto& [name, reason] : cases) {
        SCOPED_TRACE(name);
        const VideoProbe probe = probeVideo(dir_ + "/" + name);
        EXPECT_FALSE(probe.isVideo);
        EXPECT_NE(probe.reason.find(reason), std::string::npos) << probe.reason;
    }
}

TEST_F(VideoProbeTest, StopsWhenCancelled)
{
    const std::string path = dir_ + "/cancelled.avi";
    ASSERT_TRUE(test::makeClip(path, "testsrc2=size=64x48:rate=25", 5));
    CancellationToken cancel;
    cancel.cancel();
    EXPECT_THROW(probeVideo(path, &cancel), Cancelled);
}

} // namespace
} // namespace vigil::media
