// The threading contract of core/engine/engine.h, on real networks: one engine of seeded I3D and
// classifier networks runs an analysis, a batch of two jobs over a folder and a live session (an
// HTTP stream on 127.0.0.1) at the same time, as the desktop app can, and each gives exactly what
// it gives alone. scripts/run-thread-sanitizer.sh runs it under ThreadSanitizer.

#include "core/batch/batch_runner.h"
#include "core/engine/engine.h"
#include "core/live/watch_session.h"
#include "models/model_factory.h"
#include "tests/support/live_stream.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

namespace {

using namespace vigil;
namespace fs = std::filesystem;

const analysis::WindowSettings kWindows { 2, 1 };

engine::Engine seededEngine()
{
    engine::Networks networks;
    networks.backbone = models::loadBackbone(BackboneKind::I3dResNet50, "").extractor;
    networks.classifier = models::loadClassifier("").scorer;
    return engine::Engine(std::move(networks), {}, ComputeDevice::Cpu);
}

// The scores of each scored live step, in order, of the clip at `path` served as a live MPEG-TS
// stream over HTTP (ffmpeg, stream copy, as fast as the session reads: no frame is lost).
std::vector<float> watched(
    const engine::Engine& engine, const std::string& path, const std::string& dir)
{
    fs::create_directories(dir);
    const int port = test::freePort();
    const std::string url = "http://127.0.0.1:" + std::to_string(port) + "/live.ts";
    test::BackgroundProcess server("ffmpeg -nostdin -v error -i " + test::shellQuoted(path)
        + " -c copy -f mpegts -listen 1 " + test::shellQuoted(url));
    EXPECT_TRUE(test::waitUntilListening(url, 30.0)) << "ffmpeg does not serve " << url;
    live::WatchSettings settings;
    settings.reader.source = media::MediaSource::networkStream(url);
    settings.reader.displayName = url;
    settings.reader.ringDurationUs = 10000000;
    settings.reader.ringBytes = 16 << 20;
    settings.reader.giveUpAfterMs = 1; // the end of the clip ends the watch
    settings.outputs = { dir, url, "", 0, 0, "" };
    settings.alerts = { 2.0f, 2.0f, 0 };
    settings.windowSteps = kWindows.windowSteps;
    settings.queueCapacity = 8; // keep every snippet of the clip
    live::WatchSession session(settings, engine, [](const std::string&) {}, {});
    std::vector<float> scores;
    live::LiveObserver observer;
    observer.onStep = [&scores](const live::LiveStep& step) {
        if (step.score)
            scores.push_back(*step.score);
    };
    session.setObserver(observer);
    const live::WatchOutcome outcome = session.run(CancellationToken());
    EXPECT_TRUE(outcome.wasOpened) << outcome.endReason;
    EXPECT_EQ(outcome.snippetsSkipped, 0);
    return scores;
}

TEST(OneEngine, RunsAnAnalysisABatchAndALiveSessionAtOnceAsEachAlone)
{
    const std::string dir = test::scratchDir("one-engine-threads");
    fs::create_directories(dir + "/in");
    // 40 frames: two snippets (the extractor tool's preset drops the last 8 frames). MPEG-TS, so
    // that the stream serves the file's own packets.
    ASSERT_TRUE(test::makeClip(dir + "/in/a.ts", "testsrc2=size=160x120:rate=25", 40));
    ASSERT_TRUE(test::makeClip(dir + "/in/b.ts", "mandelbrot=size=160x120:rate=25", 40));
    const std::string clip = dir + "/in/a.ts";
    const engine::Engine engine = seededEngine();
    const CancellationToken cancel;

    // Alone, one after the other.
    const analysis::AnalysisResult alone = engine.analyze(clip, kWindows, cancel);
    const analysis::AnalysisResult aloneB = engine.analyze(dir + "/in/b.ts", kWindows, cancel);
    ASSERT_NE(aloneB.frameScores, alone.frameScores); // so that a mix-up of the jobs shows
    const std::vector<float> liveAlone = watched(engine, clip, dir + "/watch-alone");
    ASSERT_EQ(liveAlone.size(), 2u);

    // At once: an analysis, a batch of two jobs (both files) and a live session.
    std::mutex mutex;
    std::map<std::string, analysis::AnalysisResult> batched;
    const batch::VideoAnalyzer analyzer = [&](const std::string& path, const CancellationToken& c,
                                              const analysis::ExtractionProgressCallback& p) {
        analysis::AnalysisResult result = engine.analyze(path, kWindows, c, p);
        const std::lock_guard lock(mutex);
        batched[fs::path(path).filename().string()] = result;
        return result;
    };
    batch::BatchRunner runner(
        batch::findBatchInputs(dir + "/in", dir + "/out", batch::FolderDepth::TopOnly), {},
        { analyzer, analyzer });
    analysis::AnalysisResult together;
    std::vector<float> liveTogether;
    batch::BatchReport report;
    {
        std::thread analysis([&] { together = engine.analyze(clip, kWindows, cancel); });
        std::thread live([&] { liveTogether = watched(engine, clip, dir + "/watch-together"); });
        report = runner.run(cancel);
        analysis.join();
        live.join();
    }

    ASSERT_EQ(report.count(batch::FileStatus::Ok), 2u);
    ASSERT_EQ(together.frameScores.size(), alone.frameScores.size());
    EXPECT_EQ(together.frameScores, alone.frameScores);
    ASSERT_EQ(batched.count("a.ts"), 1u);
    EXPECT_EQ(batched["a.ts"].frameScores, alone.frameScores);
    ASSERT_EQ(batched.count("b.ts"), 1u);
    EXPECT_EQ(batched["b.ts"].frameScores, aloneB.frameScores);
    EXPECT_EQ(liveTogether, liveAlone);
    // The live step whose window is the file's second window scores as the file does.
    ASSERT_EQ(alone.windows.size(), 1u);
    EXPECT_FLOAT_EQ(liveAlone[1], alone.windows[0].score);
}

} // namespace
