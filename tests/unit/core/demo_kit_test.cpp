// The demo's plan and training set (core/demo): where the event goes in vtest.avi's 49 steps,
// what ffmpeg is asked to do, and that the synthetic clips splice the right steps: normal clips
// hold normal steps only, unusual clips a run of inverted steps, and no clip holds a step of the
// demo's own event, which the classifier is shown and must not have been trained on.

#include "core/analysis/weights_summary.h"
#include "core/common/error.h"
#include "core/demo/child_process.h"
#include "core/demo/demo_kit.h"
#include "core/demo/demo_layout.h"
#include "core/demo/demo_samples.h"
#include "core/files/sha256.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include <algorithm>
#include <map>
#include <set>

namespace vigil::demo {
namespace {

// Issue 40 item 7: a cached demo is used only as it was made: a video cut short since, or a
// demo.json edited to claim 10^12 frames at 0 fps, makes the demo again instead of showing it.
TEST(DemoCache, IsUsedOnlyWhenTheVideoIsWholeAndTheLayoutPlausible)
{
    const std::string folder = test::scratchDir("demo_cache");
    const DemoRequest request;
    const auto write = [&](const std::string& name, const std::string& bytes) {
        std::ofstream(folder + "/" + name, std::ios::binary) << bytes;
        return files::sha256Hex(bytes.data(), bytes.size());
    };
    const std::string video = std::string(4000, 'v');
    const DemoLayout layout = planDemo(795, 10.0, 0.0);
    nlohmann::json manifest { { "version", 1 }, { "source", request.sourceVideo },
        { "seconds", request.seconds }, { "video", "demo.mkv" }, { "classifier", "demo.pth" },
        { "classifier_sha256", write("demo.pth", "classifier bytes") },
        { "video_sha256", write("demo.mkv", video) }, { "frames", layout.frames },
        { "fps", layout.fps }, { "steps", layout.steps },
        { "event",
            { { "first_step", layout.event.firstStep }, { "steps", layout.event.steps } } } };
    const auto saveManifest
        = [&] { std::ofstream(folder + "/demo.json") << manifest.dump() << '\n'; };
    saveManifest();
    const std::optional<DemoArtifacts> whole = cachedDemo(folder, request);
    ASSERT_TRUE(whole);
    EXPECT_TRUE(whole->wasCached);
    EXPECT_EQ(whole->layout.steps, 49);

    write("demo.mkv", video.substr(0, 1000)); // cut short
    EXPECT_FALSE(cachedDemo(folder, request));
    write("demo.mkv", video);
    ASSERT_TRUE(cachedDemo(folder, request));

    manifest["frames"] = 1'000'000'000'000;
    manifest["fps"] = 0;
    saveManifest();
    EXPECT_FALSE(cachedDemo(folder, request));
    manifest.erase("video_sha256"); // a demo.json of before: made again once
    manifest["frames"] = layout.frames;
    manifest["fps"] = layout.fps;
    saveManifest();
    EXPECT_FALSE(cachedDemo(folder, request));
    std::filesystem::remove_all(folder);
}

// Issue 40 item 8: on a full cache ffmpeg's failure read "ffmpeg failed (; ...log)".
TEST(DemoProgram, AFailureGivesTheExitStatusAndTheLogsLastLineOrThatItHasNone)
{
    const std::string log = test::scratchDir("demo_program") + "/program.log";
    const CancellationToken cancel;
    const auto failure = [&](const std::string& script) {
        try {
            runProgram({ "sh", "-c", script }, log, cancel);
        } catch (const Error& error) {
            return std::string(error.what());
        }
        return std::string("no failure");
    };
    EXPECT_EQ(failure("exit 3"),
        "sh failed (exit status 3; it wrote nothing to " + log + ": is the disk full?)");
    EXPECT_EQ(failure("echo first >&2; echo 'No space left on device' >&2; exit 1"),
        "sh failed (exit status 1: No space left on device; the whole log is in " + log + ")");
    EXPECT_EQ(failure("kill -9 $$"),
        "sh failed (killed by signal 9; it wrote nothing to " + log + ": is the disk full?)");
    EXPECT_NO_THROW(runProgram({ "true" }, log, cancel));
}

TEST(DemoLayout, PutsAFiveStepEventAfterTheMiddleOfVtest)
{
    const DemoLayout layout = planDemo(795, 10.0, 0.0);
    EXPECT_EQ(layout.frames, 795);
    EXPECT_EQ(layout.steps, 49);
    EXPECT_EQ(layout.event.firstStep, 26);
    EXPECT_EQ(layout.event.steps, 5);
    EXPECT_EQ(layout.event.firstFrame(), 416);
    EXPECT_EQ(layout.event.lastFrame(), 495);
    EXPECT_TRUE(layout.event.containsStep(30));
    EXPECT_FALSE(layout.event.containsStep(31));
}

TEST(DemoLayout, CutsToTheSecondsAskedAndRefusesTooShortASource)
{
    const DemoLayout layout = planDemo(795, 10.0, 20.0);
    EXPECT_EQ(layout.frames, 200);
    EXPECT_EQ(layout.steps, 12);
    EXPECT_EQ(layout.event.firstStep, 6);
    EXPECT_EQ(layout.event.steps, 3);
    EXPECT_THROW(planDemo(120, 10.0, 0.0), Error);
}

TEST(DemoLayout, AsksFfmpegToInvertOnlyTheEventsFrames)
{
    const DemoLayout layout = planDemo(795, 10.0, 0.0);
    const std::vector<std::string> args
        = ffmpegArguments("in.avi", "out.tmp", layout, { 416, 495 });
    EXPECT_EQ(args.front(), "ffmpeg");
    EXPECT_EQ(args.back(), "out.tmp");
    EXPECT_NE(
        std::find(args.begin(), args.end(), "negate=enable='between(n,416,495)'"), args.end());
    EXPECT_NE(std::find(args.begin(), args.end(), "795"), args.end());
    const std::vector<std::string> plain = ffmpegArguments("in.avi", "out.tmp", layout, {});
    EXPECT_EQ(std::find(plain.begin(), plain.end(), "-vf"), plain.end());
}

TEST(DemoLayout, ScoresWindowsShortEnoughThatSomeNeverSeeTheEvent)
{
    for (const auto& [frames, window] : { std::pair { 795, 8 }, std::pair { 200, 3 } }) {
        SCOPED_TRACE(frames);
        const DemoLayout layout = planDemo(frames, 10.0, 0.0);
        const analysis::WindowSettings windows = demoWindows(layout);
        EXPECT_EQ(windows.windowSteps, window);
        EXPECT_EQ(windows.strideSteps, 1);
        // The first window ends before the event and the last starts after it.
        EXPECT_LT(windows.windowSteps, layout.event.firstStep);
        EXPECT_GT(
            layout.steps - windows.windowSteps, layout.event.firstStep + layout.event.steps - 1);
    }
}

TEST(DemoLayout, KeepsTheCacheUnderXdgCacheHome)
{
    auto env = [](std::map<std::string, std::string> values) {
        return [values](const char* name) {
            const auto found = values.find(name);
            return found == values.end() ? std::string() : found->second;
        };
    };
    EXPECT_EQ(
        defaultDemoRoot(env({ { "XDG_CACHE_HOME", "/c" }, { "HOME", "/h" } })), "/c/vigil/demo");
    EXPECT_EQ(defaultDemoRoot(env({ { "XDG_CACHE_HOME", "rel" }, { "HOME", "/h" } })),
        "/h/.cache/vigil/demo");
    EXPECT_EQ(demoFolderName({ "/x/vtest.avi", 0.0, "", 0 }), "vtest-all");
    EXPECT_EQ(demoFolderName({ "/x/vtest.avi", 20.0, "", 0 }), "vtest-first-20s");
}

// Step t of the normal features holds t + 1 and of the unusual ones -(t + 1), in every value.
FloatArray marked(int64_t steps, float sign)
{
    FloatArray features = FloatArray::zeros({ steps, 1, 4 });
    for (int64_t t = 0; t < steps; ++t)
        for (int64_t f = 0; f < 4; ++f)
            features.values[static_cast<size_t>(t * 4 + f)] = sign * static_cast<float>(t + 1);
    return features;
}

TEST(DemoSamples, SpliceInvertedRunsIntoNormalClipsAndNeverUseTheEventsSteps)
{
    const DemoEvent event { 6, 3 };
    DemoSamplesShape shape;
    shape.videosPerClass = 20;
    const std::vector<train::VideoSamples> videos
        = demoTrainingSamples(marked(12, 1.0f), marked(12, -1.0f), event, shape);
    ASSERT_EQ(videos.size(), 40u);
    for (const train::VideoSamples& video : videos) {
        SCOPED_TRACE(video.featuresPath);
        ASSERT_EQ(video.samples.shape, (std::vector<int64_t> { 1, 32, 4 }));
        std::set<int> unusualSteps;
        for (size_t i = 0; i < video.samples.values.size(); i += 4) {
            const int value = static_cast<int>(video.samples.values[i]);
            EXPECT_FALSE(event.containsStep(std::abs(value) - 1)) << value;
            if (value < 0)
                unusualSteps.insert(value);
        }
        if (video.label == 0)
            EXPECT_TRUE(unusualSteps.empty());
        else
            EXPECT_GE(unusualSteps.size(), 2u);
    }
    EXPECT_EQ(
        std::count_if(videos.begin(), videos.end(), [](const auto& v) { return v.label; }), 20);
}

TEST(DemoLabel, NamesTheDemosNetworksAndItsClassifiersHash)
{
    analysis::ModelDescription model;
    model.classifier
        = { "/c/demo-classifier.pth", "abcdef0123456789", Provenance::DemoTrained, "" };
    EXPECT_EQ(analysis::weightsSummary(model),
        "DEMO: classifier trained on synthetic events on this machine; backbone random "
        "(classifier sha256 abcdef012345)");
    EXPECT_EQ(toString(Provenance::DemoTrained), "demo-trained");
    EXPECT_EQ(fromString<Provenance>("demo-trained"), Provenance::DemoTrained);
}

} // namespace
} // namespace vigil::demo
