// Runs `vigil clips` (the command line in this process, runInProcess) on results that `vigil
// analyze` and `vigil batch` made with demo weights from clips the ffmpeg tool generated, and
// reads the clips back with ffprobe.

#include "core/analysis/score_events.h"
#include "tests/support/files_under.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
// resnet50 on one frame a second keeps the analysis of 10 s of video short; windows of 4 steps
// give the video a few windows, each with its own score.
const std::string kDemoAnalysis
    = " --demo-weights --backbone resnet50 --frame-step 25 --window 4 -q";
constexpr double kFps = 25.0;

// A 10 s clip with a keyframe each second.
void makeVideo(const std::string& path, int frames = 250)
{
    fs::create_directories(fs::path(path).parent_path());
    ASSERT_TRUE(makeClip(path, "testsrc2=size=160x120:rate=25", frames, "-c:v mpeg4 -q:v 4 -g 25"));
}

std::string analyse(const std::string& video, const std::string& outputDir)
{
    const CommandResult run = vigilInProcess(
        "analyze " + shellQuoted(video) + kDemoAnalysis + " -o " + shellQuoted(outputDir));
    EXPECT_EQ(run.exitCode, 0) << run.output;
    return outputDir + "/" + fs::path(video).stem().string() + ".vigil.json";
}

// `vigil <arguments>` run in `folder`, as "cd folder && vigil ..." would.
CommandResult vigilInFolder(const std::string& folder, const std::string& arguments)
{
    const ScopedWorkingFolder in(folder);
    return vigilInProcess(arguments);
}

std::vector<float> frameScoresOf(const std::string& jsonPath)
{
    std::ifstream in(jsonPath);
    return json::parse(in).at("frame_scores").get<std::vector<float>>();
}

// Halfway between the lowest and highest frame score: demo weights give each window its own
// score, so some frames are above and some below.
double middleThreshold(const std::vector<float>& scores)
{
    const auto [low, high] = std::minmax_element(scores.begin(), scores.end());
    return (static_cast<double>(*low) + *high) / 2.0;
}

std::string probe(const std::string& path, const std::string& entries)
{
    const std::string text = runCommand("ffprobe -v error -select_streams v:0 -show_entries "
        + entries + " -of default=nw=1:nk=1 " + shellQuoted(path))
                                 .output;
    return text.substr(0, text.find('\n'));
}

TEST(ClipsCommand, CutsEachEventWithItsContextIntoAClipOfTheVideosCodec)
{
    const std::string dir = scratchDir("clips_command");
    makeVideo(dir + "/walk.avi");
    const std::string result = analyse(dir + "/walk.avi", dir + "/results");
    const std::vector<float> scores = frameScoresOf(result);
    // Given as text, so the events expected are those of the value vigil reads.
    const std::string thresholdText = std::to_string(middleThreshold(scores));
    const double threshold = std::stod(thresholdText);
    const auto events = analysis::findEvents(scores, threshold);
    ASSERT_FALSE(events.empty());
    ASSERT_LT(events.front().frameCount(), static_cast<int64_t>(scores.size()));

    const InProcessResult run
        = runInProcess(shellWords("clips " + shellQuoted(result) + " --threshold " + thresholdText
            + " --pre 1 --post 0.5 -o " + shellQuoted(dir + "/clips")));
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::vector<std::string> lines = linesOfText(run.out); // stdout: a line per clip
    ASSERT_EQ(lines.size(), events.size()) << run.out;
    for (size_t i = 0; i < events.size(); ++i) {
        SCOPED_TRACE(lines[i]);
        const std::string clip = dir + "/clips/walk.event-0" + std::to_string(i + 1) + ".avi";
        ASSERT_EQ(lines[i].rfind(clip + ": ", 0), 0u);
        double startS = 0, endS = 0;
        ASSERT_EQ(
            std::sscanf(lines[i].c_str() + clip.size(), ": %lf s to %lf s", &startS, &endS), 2);
        const double eventStartS = events[i].firstFrame / kFps - 1.0;
        const double eventEndS = (events[i].lastFrame + 1) / kFps + 0.5;
        EXPECT_LE(startS, std::max(eventStartS, 0.0) + 1e-6);
        EXPECT_GT(startS, eventStartS - 1.0) << "the keyframe before, one second apart";
        EXPECT_GE(endS, std::min(eventEndS, 10.0) - 1e-6);
        EXPECT_EQ(probe(clip, "stream=codec_name"), "mpeg4");
        EXPECT_NEAR(std::stod(probe(clip, "format=duration")), endS - startS, 2 / kFps);
        const std::string frames = runCommand("ffprobe -v error -count_frames -select_streams v:0 "
                                              "-show_entries stream=nb_read_frames -of csv=p=0 "
            + shellQuoted(clip))
                                       .output;
        EXPECT_EQ(std::stol(frames), std::lround((endS - startS) * kFps));
    }
}

TEST(ClipsCommand, CutsABatchFolderMirroringItsSubfolders)
{
    const std::string dir = scratchDir("clips_batch");
    makeVideo(dir + "/videos/a/walk.avi");
    makeVideo(dir + "/videos/b/walk.avi", 100);
    const CommandResult batch = vigilInProcess("batch " + shellQuoted(dir + "/videos") + " -r"
        + kDemoAnalysis + " -o " + shellQuoted(dir + "/batch"));
    ASSERT_EQ(batch.exitCode, 0) << batch.output;

    // At a threshold of 0 every frame is in one event: the whole video.
    const CommandResult run = vigilInProcess("clips " + shellQuoted(dir + "/batch")
        + " --threshold 0 -o " + shellQuoted(dir + "/clips"));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(linesOfText(run.output).size(), 2u) << run.output;
    EXPECT_NEAR(std::stod(probe(dir + "/clips/a/walk.event-01.avi", "format=duration")), 10.0, 0.1);
    EXPECT_NEAR(std::stod(probe(dir + "/clips/b/walk.event-01.avi", "format=duration")), 4.0, 0.1);
}

TEST(ClipsCommand, ReportsEachBadResultInOneLineAndStillCutsTheOthers)
{
    const std::string dir = scratchDir("clips_bad");
    makeVideo(dir + "/good.avi");
    makeVideo(dir + "/gone.avi");
    makeVideo(dir + "/changed.avi");
    const std::string good = analyse(dir + "/good.avi", dir + "/results");
    const std::string gone = analyse(dir + "/gone.avi", dir + "/results");
    const std::string changed = analyse(dir + "/changed.avi", dir + "/results");
    fs::remove(dir + "/gone.avi");
    makeVideo(dir + "/changed.avi", 100);
    std::ofstream(dir + "/results/broken.vigil.json") << "{ not json";

    const CommandResult run = vigilInProcess("clips " + shellQuoted(dir + "/results")
        + " --threshold 0 -o " + shellQuoted(dir + "/clips"));
    EXPECT_EQ(run.exitCode, 1) << run.output;
    const std::vector<std::string> lines = linesOfText(run.output);
    ASSERT_EQ(lines.size(), 4u) << run.output;
    const auto lineWith = [&](const std::string& text) {
        return std::count_if(lines.begin(), lines.end(),
            [&](const std::string& line) { return line.find(text) != std::string::npos; });
    };
    EXPECT_EQ(lineWith("vigil: " + dir + "/results/broken.vigil.json: not a Vigil result"), 1)
        << run.output;
    EXPECT_EQ(lineWith("vigil: " + gone + ": its video " + dir + "/gone.avi is gone"), 1)
        << run.output;
    EXPECT_EQ(lineWith("vigil: " + changed + ": its video " + dir
                  + "/changed.avi has changed since it was analysed"),
        1)
        << run.output;
    EXPECT_EQ(lineWith(dir + "/clips/good.event-01.avi: "), 1) << run.output;
    EXPECT_EQ(probe(dir + "/clips/good.event-01.avi", "stream=codec_name"), "mpeg4");
    EXPECT_FALSE(fs::exists(dir + "/clips/changed.event-01.avi"));
}

TEST(ClipsCommand, SaysWhenAResultHasNoEventsAndWritesNothing)
{
    const std::string dir = scratchDir("clips_none");
    makeVideo(dir + "/walk.avi", 50);
    const std::string result = analyse(dir + "/walk.avi", dir);
    const CommandResult run = vigilInProcess(
        "clips " + shellQuoted(result) + " --threshold 1 -o " + shellQuoted(dir + "/clips"));
    EXPECT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(run.output, result + ": no events at or above 1\n");
    EXPECT_TRUE(!fs::exists(dir + "/clips") || fs::is_empty(dir + "/clips"));
}

TEST(ClipsCommand, RefusesNegativeContextAndAMissingOutputAsUsageErrors)
{
    EXPECT_EQ(vigilInProcess("clips x.vigil.json --pre -1 -o out").exitCode, 2);
    EXPECT_EQ(vigilInProcess("clips x.vigil.json").exitCode, 2);
}

std::string videoMd5(const std::string& path)
{
    return runCommand("ffmpeg -v error -i " + shellQuoted(path) + " -map 0:v -c copy -f md5 -")
        .output;
}

// 21#2: the video is found relative to the result, not to the folder clips runs in, and a file
// of the same name, format and length that is not the analysed one is refused.
TEST(ClipsCommand, CutsTheAnalysedVideoFromAnotherFolderAndRefusesADecoy)
{
    const std::string dir = scratchDir("clips_decoy");
    makeVideo(dir + "/site/cam.avi");
    const std::string decoy = dir + "/elsewhere/site/cam.avi";
    fs::create_directories(fs::path(decoy).parent_path());
    ASSERT_TRUE(makeClip(decoy, "testsrc=size=160x120:rate=25", 250, "-c:v mpeg4 -q:v 4 -g 25"));
    const CommandResult analysed
        = vigilInFolder(dir, "analyze site/cam.avi" + kDemoAnalysis + " -o site/results");
    ASSERT_EQ(analysed.exitCode, 0) << analysed.output;

    const CommandResult run = vigilInFolder(
        dir + "/elsewhere", "clips ../site/results/cam.vigil.json --threshold 0 -o clips");
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(videoMd5(dir + "/elsewhere/clips/cam.event-01.avi"), videoMd5(dir + "/site/cam.avi"));

    fs::copy_file(decoy, dir + "/site/cam.avi", fs::copy_options::overwrite_existing);
    const CommandResult refused
        = vigilInProcess("clips " + shellQuoted(dir + "/site/results/cam.vigil.json")
            + " --threshold 0 -o " + shellQuoted(dir + "/clips2"));
    EXPECT_EQ(refused.exitCode, 1) << refused.output;
    EXPECT_NE(refused.output.find("has changed since it was analysed"), std::string::npos)
        << refused.output;
    EXPECT_EQ(linesOfText(refused.output).size(), 1u) << refused.output;
}

// 21#2: `vigil batch` results name their videos so that `vigil clips OUT` works from anywhere.
TEST(ClipsCommand, CutsABatchOfRelativePathsFromAnotherFolder)
{
    const std::string dir = scratchDir("clips_batch_elsewhere");
    makeVideo(dir + "/videos/walk.avi", 100);
    const CommandResult batch = vigilInFolder(dir, "batch videos" + kDemoAnalysis + " -o out");
    ASSERT_EQ(batch.exitCode, 0) << batch.output;
    fs::create_directories(dir + "/other");
    const CommandResult run = vigilInFolder(dir + "/other", "clips ../out --threshold 0 -o clips");
    EXPECT_EQ(run.exitCode, 0) << run.output;
    EXPECT_TRUE(fs::exists(dir + "/other/clips/walk.event-01.avi")) << run.output;
}

// Issue 21 item 9: a video named like a playlist made FFmpeg's HLS or DASH muxer write segments
// into the current folder, and a .dat video had no muxer at all. The clip's container follows
// what the video is.
TEST(ClipsCommand, PicksTheContainerByContentAndWritesNothingOutsideTheOutputFolder)
{
    struct Case {
        std::string name; // the video's file name
        std::string format; // what it really is (ffmpeg's -f)
        std::string clip; // the clip expected in -o
    };
    const std::string dir = scratchDir("clips_container");
    for (const Case& c : { Case { "cam.m3u8", "mp4", "cam.event-01.mp4" },
             Case { "cam.mpd", "matroska", "cam.event-01.mkv" },
             Case { "feed.dat", "avi", "feed.event-01.avi" },
             Case { "feed.bin", "nut", "feed.event-01.mkv" } }) {
        SCOPED_TRACE(c.name);
        const std::string root = dir + "/" + c.name + ".d";
        const std::string video = root + "/videos/" + c.name;
        fs::create_directories(root + "/videos");
        fs::create_directories(root + "/work");
        ASSERT_TRUE(makeClip(
            video, "testsrc2=size=160x120:rate=25", 100, "-c:v mpeg4 -q:v 4 -g 25 -f " + c.format));
        const std::string result = analyse(video, root + "/results");
        const std::set<std::string> before = filesUnder(root);
        // Run from its own folder: a segment muxer would write there.
        const CommandResult run = vigilInFolder(root + "/work",
            "clips " + shellQuoted(result) + " --threshold 0 -o " + shellQuoted(root + "/clips"));
        ASSERT_EQ(run.exitCode, 0) << run.output;
        std::set<std::string> added;
        for (const std::string& file : filesUnder(root))
            if (!before.count(file))
                added.insert(file);
        EXPECT_EQ(added, (std::set<std::string> { "clips", "clips/" + c.clip })) << run.output;
        EXPECT_NEAR(std::stod(probe(root + "/clips/" + c.clip, "format=duration")), 4.0, 0.1);
    }
}

} // namespace
} // namespace vigil::test
