// Runs the real `vigil demo` (ffmpeg, the seeded I3D backbone, the trainer of vigil train) on a
// short generated clip instead of vtest.avi, so the test owns its input and stays short: the
// demo's classifier must score its inserted (inverted) stretch above the rest of the video, and
// the result must say what its networks are (a classifier trained here, a random backbone),
// never "published". A second run takes the demo from the cache and gives the same scores.

#include "core/files/sha256.h"
#include "tests/support/json_file.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

namespace vigil::test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

const std::string kVigil = vigilExecutable();
const std::string kLabel
    = "DEMO: classifier trained on synthetic events on this machine; backbone random";

CommandResult runDemo(const std::string& dir, const std::string& source, const std::string& out)
{
    return runCommand("XDG_CACHE_HOME=" + shellQuoted(dir + "/cache") + " " + kVigil
        + " demo --source " + shellQuoted(source) + " --seconds 20 -q -o " + shellQuoted(out));
}

struct Contrast {
    double inside = 0.0;
    double outside = 0.0;
};

Contrast meanScores(const json& result, int64_t firstFrame, int64_t lastFrame)
{
    double inside = 0.0, outside = 0.0;
    int64_t insideCount = 0, outsideCount = 0;
    const auto& scores = result["frame_scores"];
    for (int64_t frame = 0; frame < static_cast<int64_t>(scores.size()); ++frame) {
        const double score = scores[static_cast<size_t>(frame)].get<double>();
        const bool isInside = frame >= firstFrame && frame <= lastFrame;
        (isInside ? inside : outside) += score;
        ++(isInside ? insideCount : outsideCount);
    }
    return { inside / static_cast<double>(insideCount),
        outside / static_cast<double>(outsideCount) };
}

TEST(DemoCommand, ItsClassifierScoresTheInsertedEventAboveTheRestAndSaysWhatItIs)
{
    const std::string dir = scratchDir("demo_command");
    const std::string source = dir + "/source.mkv";
    // 10 fps like vtest.avi; 20 s are 12 snippets, 3 of them inverted.
    ASSERT_TRUE(makeClip(source, "testsrc2=size=320x240:rate=10", 240));
    const CommandResult first = runDemo(dir, source, dir + "/out");
    ASSERT_EQ(first.exitCode, 0) << first.output;
    EXPECT_NE(first.output.find(kLabel), std::string::npos) << first.output;

    const fs::path demoFolder = fs::path(dir) / "cache/vigil/demo/source-first-20s";
    const json manifest = readJson((demoFolder / "demo.json").string());
    const int64_t firstFrame = manifest["event"]["first_frame"].get<int64_t>();
    const int64_t lastFrame = manifest["event"]["last_frame"].get<int64_t>();
    EXPECT_EQ(firstFrame, 96);
    EXPECT_EQ(lastFrame, 143);

    const json result = readJson(dir + "/out/demo-video.vigil.json");
    EXPECT_EQ(result["frame_scores"].size(), 200u);
    const Contrast contrast = meanScores(result, firstFrame, lastFrame);
    SCOPED_TRACE(testing::Message()
        << "mean score inside " << contrast.inside << ", outside " << contrast.outside);
    EXPECT_GT(contrast.inside, 0.5);
    EXPECT_LT(contrast.outside, 0.5);
    EXPECT_GT(contrast.inside - contrast.outside, 0.3);

    const json& model = result["model"];
    EXPECT_EQ(model["networks"].get<std::string>().rfind(kLabel, 0), 0u) << model.dump();
    EXPECT_EQ(model["classifier"]["provenance"], "demo-trained");
    EXPECT_EQ(model["backbone_weights"]["provenance"], "demo");
    const std::string classifier = model["classifier"]["path"].get<std::string>();
    EXPECT_EQ(fs::path(classifier), demoFolder / "demo-classifier.pth");
    EXPECT_EQ(model["classifier"]["sha256"], files::sha256OfFile(classifier));
    EXPECT_EQ(result.dump().find("published"), std::string::npos);

    // From the cache: nothing is made again, and the scores are the same.
    const auto madeAt = fs::last_write_time(classifier);
    const CommandResult second = runDemo(dir, source, dir + "/again");
    ASSERT_EQ(second.exitCode, 0) << second.output;
    EXPECT_NE(second.output.find("from the cache"), std::string::npos) << second.output;
    EXPECT_EQ(fs::last_write_time(classifier), madeAt);
    const json again = readJson(dir + "/again/demo-video.vigil.json");
    const Contrast cached = meanScores(again, firstFrame, lastFrame);
    EXPECT_NEAR(cached.inside, contrast.inside, 1e-4);
    EXPECT_NEAR(cached.outside, contrast.outside, 1e-4);
}

TEST(DemoCommand, RefusesASourceTooShortForADemo)
{
    const std::string dir = scratchDir("demo_command_short");
    const std::string source = dir + "/tiny.mkv";
    ASSERT_TRUE(makeClip(source, "testsrc2=size=160x120:rate=10", 60));
    const CommandResult run = runDemo(dir, source, dir + "/out");
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("at least 8 snippets"), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(dir + "/out/demo-video.vigil.json"));
}

} // namespace
} // namespace vigil::test
