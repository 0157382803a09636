// cutClip against clips the ffmpeg tool makes at test time, with a keyframe each second: the cut
// starts at the keyframe at or before the asked start, ffprobe reads the clip's codec and
// duration, VideoDecoder decodes every frame of it, and its first frame is the source's frame at
// the reported start. Failures leave no file behind.

#include "core/common/cancellation.h"
#include "core/common/error.h"
#include "core/media/clip_cutter.h"
#include "core/media/video_decoder.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <opencv2/core.hpp>

#include <cmath>
#include <filesystem>
#include <ostream>
#include <string>

namespace {

namespace fs = std::filesystem;
using vigil::media::ClipRequest;
using vigil::media::cutClip;
using vigil::media::VideoDecoder;
using vigil::test::runCommand;
using vigil::test::shellQuoted;

constexpr double kFps = 25.0;
constexpr int kFrames = 250; // 10 s

struct SourceKind {
    const char* name; // file name of the source
    const char* encoder; // the ffmpeg encoder
    const char* arguments; // its arguments; each makes a keyframe every 25 frames
    const char* codec; // what ffprobe calls it
};

const SourceKind kSources[] = {
    { "h264_bframes.mp4", "libx264", "-g 25 -keyint_min 25 -sc_threshold 0 -bf 2 -pix_fmt yuv420p",
        "h264" },
    // MPEG-TS has no index: seeking is a rough search by timestamp.
    { "h264.ts", "libx264", "-g 25 -keyint_min 25 -sc_threshold 0 -pix_fmt yuv420p", "h264" },
    { "mpeg4.avi", "mpeg4", "-g 25 -q:v 4", "mpeg4" },
    { "mpeg4.mkv", "mpeg4", "-g 25 -q:v 4", "mpeg4" },
};

// Names the parameter in test logs instead of gtest's bytes.
void PrintTo(const SourceKind& source, std::ostream* out)
{
    *out << source.name;
}

std::string probe(const std::string& path, const std::string& entries)
{
    return runCommand("ffprobe -v error -select_streams v:0 -show_entries " + entries
        + " -of default=nw=1:nk=1 " + shellQuoted(path))
        .output;
}

double mismatch(const cv::Mat& a, const cv::Mat& b)
{
    if (a.size() != b.size())
        return 1e9;
    return cv::norm(a, b, cv::NORM_L1) / static_cast<double>(a.total());
}

class ClipCutter : public ::testing::TestWithParam<SourceKind> {
protected:
    void SetUp() override
    {
        const std::string encoder = GetParam().encoder;
        if (runCommand("ffmpeg -hide_banner -encoders | grep -qw " + encoder).exitCode != 0)
            GTEST_SKIP() << "the ffmpeg tool is missing or has no " << encoder << " encoder";
        folder_ = vigil::test::scratchDir(std::string("clip_cutter_") + GetParam().name);
        source_ = folder_ + "/" + GetParam().name;
        ASSERT_TRUE(vigil::test::makeClip(source_, "testsrc2=size=160x120:rate=25", kFrames,
            "-c:v " + encoder + " " + GetParam().arguments));
    }

    std::string output(const std::string& stem) const
    {
        return folder_ + "/" + stem + fs::path(source_).extension().string();
    }

    size_t filesInFolder() const
    {
        return static_cast<size_t>(std::distance(fs::directory_iterator(folder_), {}));
    }

    std::string folder_;
    std::string source_;
};

TEST_P(ClipCutter, StartsAtTheKeyframeBeforeTheStartAndDecodesEveryFrame)
{
    ClipRequest request { source_, 3.5, 5.2, 0.3, 0.5, output("event") };
    const auto cut = cutClip(request);
    EXPECT_EQ(cut.outputPath, request.outputPath);
    EXPECT_NEAR(cut.startS, 3.0, 1e-6) << "keyframes are at whole seconds; 3.2 s is after 3 s";
    EXPECT_GE(cut.endS, 5.7 - 1e-6);
    // With B-frames, the frame that the last B-frames refer to is shown a few frames later.
    EXPECT_LE(cut.endS, 5.7 + 6 / kFps) << "at most a few frames past the end";
    EXPECT_EQ(cut.codecName, GetParam().codec);
    // MPEG-TS lists its streams twice, in the program and on their own: the first line is enough.
    const std::string probedCodec = probe(cut.outputPath, "stream=codec_name");
    EXPECT_EQ(probedCodec.substr(0, probedCodec.find('\n')), GetParam().codec);
    const double probedS = std::stod(probe(cut.outputPath, "format=duration"));
    EXPECT_NEAR(probedS, cut.endS - cut.startS, 2 / kFps);

    VideoDecoder clip(cut.outputPath);
    int64_t decoded = 0;
    std::optional<vigil::media::VideoFrame> first;
    while (auto frame = clip.next()) {
        if (!first)
            first = std::move(frame);
        ++decoded;
    }
    EXPECT_EQ(clip.corruptFramesSkipped(), 0);
    EXPECT_EQ(decoded, std::lround((cut.endS - cut.startS) * kFps));
    EXPECT_EQ(decoded, cut.packetCount);
    ASSERT_TRUE(first);
    EXPECT_EQ(first->ptsUs, 0) << "the clip's timestamps start at 0";

    // Read in order, not by VideoDecoder::seek, so that the reference does not rely on seeking.
    VideoDecoder source(source_);
    auto sourceFrame = source.next();
    for (int64_t i = 0; sourceFrame && i < std::lround(cut.startS * kFps); ++i)
        sourceFrame = source.next();
    ASSERT_TRUE(sourceFrame);
    EXPECT_EQ(mismatch(first->rgb, sourceFrame->rgb), 0.0) << "the same bits, decoded the same";
    EXPECT_EQ(filesInFolder(), 2u) << "the source and the clip, no temporary";
}

TEST_P(ClipCutter, StartsAtTheFirstFrameWhenThePreRollReachesBeforeIt)
{
    const auto cut = cutClip({ source_, 0.4, 0.8, 2.0, 0.0, output("early") });
    EXPECT_EQ(cut.startS, 0.0);
    EXPECT_GE(cut.endS, 0.8);
    EXPECT_EQ(VideoDecoder(cut.outputPath).info().codecName, GetParam().codec);
}

TEST_P(ClipCutter, RefusesAStretchAfterTheEndAndLeavesNoFile)
{
    EXPECT_THROW(cutClip({ source_, 12.0, 13.0, 0.5, 0.5, output("late") }), vigil::MediaError);
    EXPECT_EQ(filesInFolder(), 1u);
}

TEST_P(ClipCutter, CancelledCutThrowsCancelledAndLeavesNoFile)
{
    vigil::CancellationToken cancel;
    cancel.cancel();
    EXPECT_THROW(
        cutClip({ source_, 1.0, 2.0, 0, 0, output("cancelled") }, &cancel), vigil::Cancelled);
    EXPECT_EQ(filesInFolder(), 1u);
}

TEST_P(ClipCutter, RefusesToWriteOverTheVideoItself)
{
    EXPECT_THROW(cutClip({ source_, 1.0, 2.0, 0, 0, source_ }), vigil::MediaError);
    EXPECT_EQ(std::lround(VideoDecoder(source_).info().durationS), 10);
}

TEST_P(ClipCutter, RefusesAnOutputExtensionWithNoContainerAndLeavesNoFile)
{
    try {
        cutClip({ source_, 1.0, 2.0, 0, 0, folder_ + "/clip.notacontainer" });
        FAIL() << "an unknown extension was accepted";
    } catch (const vigil::MediaError& error) {
        EXPECT_NE(std::string(error.what()).find("clip.notacontainer"), std::string::npos);
    }
    EXPECT_EQ(filesInFolder(), 1u);
}

INSTANTIATE_TEST_SUITE_P(Sources, ClipCutter, ::testing::ValuesIn(kSources), [](const auto& info) {
    return fs::path(info.param.name).stem().string() + "_"
        + fs::path(info.param.name).extension().string().substr(1);
});

TEST(ClipCutterInput, RefusesAFolderAndAMissingFile)
{
    const std::string folder = vigil::test::scratchDir("clip_cutter_input");
    EXPECT_THROW(cutClip({ folder, 0, 1, 0, 0, folder + "/a.mp4" }), vigil::MediaError);
    EXPECT_THROW(
        cutClip({ folder + "/missing.mp4", 0, 1, 0, 0, folder + "/a.mp4" }), vigil::MediaError);
    EXPECT_TRUE(fs::is_empty(folder));
}

} // namespace
