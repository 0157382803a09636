// The one plan of event clips (core/clips), shared by `vigil clips` and the desktop app's
// Export clip: times from the frames' timestamps, event-NN names, and a single-file container
// chosen by what the video is.

#include "core/clips/event_clips.h"
#include "core/common/error.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace vigil::clips {
namespace {

namespace fs = std::filesystem;

TEST(ClipExtension, FollowsTheDetectedDemuxerNotTheName)
{
    const std::string quickTime = "mov,mp4,m4a,3gp,3g2,mj2";
    EXPECT_EQ(clipExtensionFor(quickTime, "cam.m3u8"), ".mp4");
    EXPECT_EQ(clipExtensionFor(quickTime, "cam.mp4"), ".mp4");
    EXPECT_EQ(clipExtensionFor(quickTime, "cam.MOV"), ".mov");
    EXPECT_EQ(clipExtensionFor("matroska,webm", "cam.mpd"), ".mkv");
    EXPECT_EQ(clipExtensionFor("matroska,webm", "cam.webm"), ".mkv");
    EXPECT_EQ(clipExtensionFor("avi", "feed.dat"), ".avi");
    EXPECT_EQ(clipExtensionFor("mpegts", "feed"), ".ts");
    // Anything else, playlists included, is written as Matroska.
    EXPECT_EQ(clipExtensionFor("flv", "feed.flv"), ".mkv");
    EXPECT_EQ(clipExtensionFor("hls", "cam.m3u8"), ".mkv");
    EXPECT_EQ(clipExtensionFor("", "cam.mp4"), ".mkv");
}

TEST(ClipExtension, OfAVideoNamedLikeAPlaylistIsItsRealContainer)
{
    const std::string dir = test::scratchDir("event_clips_extension");
    ASSERT_TRUE(
        test::makeClip(dir + "/cam.m3u8", "testsrc2=size=64x48:rate=25", 10, "-c:v mpeg4 -f mp4"));
    ASSERT_TRUE(
        test::makeClip(dir + "/feed.dat", "testsrc2=size=64x48:rate=25", 10, "-c:v mpeg4 -f avi"));
    EXPECT_EQ(clipExtensionOfVideo(dir + "/cam.m3u8"), ".mp4");
    EXPECT_EQ(clipExtensionOfVideo(dir + "/feed.dat"), ".avi");
    EXPECT_THROW(clipExtensionOfVideo(dir + "/missing.mp4"), MediaError);
}

// A variable-frame-rate result: 10 frames 100 ms apart, then 30 frames 1/30 s apart (20 fps on
// average); frames 12..15 and 30..31 score high.
analysis::AnalysisResult variableRateResult()
{
    analysis::AnalysisResult result;
    result.video.path = "/videos/cam.mkv";
    result.video.fps = 20.0;
    for (int i = 0; i < 40; ++i) {
        result.framePtsUs.push_back(i < 10 ? i * 100000 : 1000000 + (i - 10) * 1000000 / 30);
        result.frameScores.push_back((i >= 12 && i <= 15) || (i >= 30 && i <= 31) ? 0.9f : 0.1f);
    }
    return result;
}

TEST(PlanEventClips, CutsEachEventAtItsFramesTimestampsNotAtFrameOverFps)
{
    const analysis::AnalysisResult result = variableRateResult();
    const std::vector<PlannedClip> clips
        = planEventClips(result, ClipSettings { {}, 1.0, 0.5 }, { "/out", "cam", ".mkv" });
    ASSERT_EQ(clips.size(), 2u);
    EXPECT_EQ(clips[0].event.firstFrame, 12);
    // Frame 12 starts at 1 s + 2/30 s (not 12 / 20 = 0.6 s); the event ends where frame 16 starts.
    EXPECT_NEAR(clips[0].request.startS, 1.0 + 2.0 / 30, 1e-6);
    EXPECT_NEAR(clips[0].request.endS, 1.0 + 6.0 / 30, 1e-6);
    EXPECT_EQ(clips[0].request.preS, 1.0);
    EXPECT_EQ(clips[0].request.postS, 0.5);
    EXPECT_EQ(clips[0].request.videoPath, "/videos/cam.mkv");
    EXPECT_EQ(clips[0].request.outputPath, "/out/cam.event-01.mkv");
    EXPECT_EQ(clips[1].request.outputPath, "/out/cam.event-02.mkv");
    EXPECT_NEAR(clips[1].request.startS, 1.0 + 20.0 / 30, 1e-6);
    EXPECT_NEAR(clips[1].peakTimeS, 1.0 + 20.0 / 30, 1e-6);
    EXPECT_NEAR(clips[1].request.endS, 1.0 + 22.0 / 30, 1e-6);
}

TEST(PlanEventClips, EndsTheLastFrameOneNominalFrameOnAndNumbersWithEnoughDigits)
{
    analysis::AnalysisResult result = variableRateResult();
    result.frameScores.assign(40, 0.1f);
    // 100 one-frame events would need three digits; the last ends one frame past its start.
    result.frameScores.back() = 0.9f;
    std::vector<PlannedClip> clips = planEventClips(result, {}, { "o", "cam", ".mp4" });
    ASSERT_EQ(clips.size(), 1u);
    EXPECT_NEAR(clips[0].request.endS, 1.0 + 29.0 / 30 + 1.0 / 20, 1e-6);
    EXPECT_EQ(eventNumber(7, 9), "07");
    EXPECT_EQ(eventNumber(7, 100), "007");
    // A result without timestamps (an old one) falls back to frame / fps.
    result.framePtsUs.clear();
    clips = planEventClips(result, {}, { "o", "cam", ".mp4" });
    EXPECT_NEAR(clips[0].request.startS, 39.0 / 20, 1e-6);
}

TEST(PlanEventClips, CutsTheEventsItIsGivenNumberedAmongThem)
{
    const analysis::AnalysisResult result = variableRateResult();
    // A detector's event, not one of the classifier's scores: frames 20..21 only.
    const std::vector<analysis::ScoreEvent> events { { 20, 21, 21, 0.7f } };
    const std::vector<PlannedClip> clips
        = planEventClips(result, events, ClipSettings { {}, 1.0, 0.5 }, { "/out", "cam", ".mkv" });
    ASSERT_EQ(clips.size(), 1u);
    EXPECT_EQ(clips[0].event.peakFrame, 21);
    EXPECT_NEAR(clips[0].request.startS, 1.0 + 10.0 / 30, 1e-6); // frame 10 starts at 1 s
    EXPECT_NEAR(clips[0].request.endS, 1.0 + 12.0 / 30, 1e-6);
    EXPECT_NEAR(clips[0].peakTimeS, 1.0 + 11.0 / 30, 1e-6);
    EXPECT_EQ(clips[0].request.outputPath, "/out/cam.event-01.mkv");
}

TEST(ClipCutter, RefusesAPlaylistContainerAndWritesNothing)
{
    const std::string dir = test::scratchDir("event_clips_playlist");
    ASSERT_TRUE(
        test::makeClip(dir + "/cam.mp4", "testsrc2=size=64x48:rate=25", 25, "-c:v mpeg4 -g 5"));
    fs::create_directories(dir + "/out");
    for (const std::string name : { "x.m3u8", "x.mpd", "x.webm" }) {
        SCOPED_TRACE(name);
        EXPECT_THROW(
            media::cutClip({ dir + "/cam.mp4", 0.0, 0.5, 0, 0, dir + "/out/" + name }), MediaError);
        EXPECT_TRUE(fs::is_empty(dir + "/out"));
    }
}

} // namespace
} // namespace vigil::clips
