// How far a live watch's rolling detector scores (core/live/rolling_detectors.h, the last
// defaults::kLiveDetectorSpanSteps steps) are from the whole-video ones of `vigil analyze`, on
// OpenCV's vtest.avi served as a live HTTP stream, with the seeded demo weights of every
// detector. Prints the figures docs/live.md quotes; checks that where the rolling span is the
// whole video (the last step of a video shorter than the span) both agree.

#include "core/engine/detector_plan.h"
#include "core/engine/engine.h"
#include "core/live/watch_session.h"
#include "models/model_factory.h"
#include "tests/support/live_stream.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

namespace {

using namespace vigil;
namespace fs = std::filesystem;

const std::string kVtest = "/usr/share/doc/opencv-doc/examples/data/vtest.avi";

engine::Engine demoEngineWithEveryDetector()
{
    engine::Networks networks;
    networks.backbone = models::loadBackbone(BackboneKind::I3dResNet50, "").extractor;
    networks.classifier = models::loadClassifier("").scorer;
    for (const DetectorKind kind : engine::allDetectorKinds()) {
        engine::LoadedDetector loaded = models::loadDetector(kind, "");
        networks.detectors.push_back({ kind, loaded.detector, loaded.weights });
    }
    return engine::Engine(std::move(networks), {}, ComputeDevice::Cpu);
}

// Each scored live step's detector scores, of the clip served as a live MPEG-TS stream (stream
// copy, as fast as the session reads, so no snippet is skipped).
std::vector<std::vector<float>> watched(const engine::Engine& engine, const std::string& dir)
{
    fs::create_directories(dir);
    const int port = test::freePort();
    const std::string url = "http://127.0.0.1:" + std::to_string(port) + "/live.ts";
    test::BackgroundProcess server("ffmpeg -nostdin -v error -i " + test::shellQuoted(kVtest)
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
    settings.queueCapacity = 64;
    live::WatchSession session(settings, engine, [](const std::string&) {}, {});
    std::vector<std::vector<float>> steps;
    live::LiveObserver observer;
    observer.onStep = [&steps](const live::LiveStep& step) {
        if (step.score)
            steps.push_back(step.detectorScores);
    };
    session.setObserver(observer);
    const live::WatchOutcome outcome = session.run(CancellationToken());
    EXPECT_TRUE(outcome.wasOpened) << outcome.endReason;
    EXPECT_EQ(outcome.snippetsSkipped, 0);
    return steps;
}

TEST(LiveDetectors, RollingScoresOnVtestAgainstTheWholeVideoOnes)
{
    if (!fs::exists(kVtest))
        GTEST_SKIP() << kVtest << " is not installed (Debian's opencv-doc)";
    const engine::Engine engine = demoEngineWithEveryDetector();
    const analysis::AnalysisResult offline
        = engine.analyze(kVtest, { defaults::kWindowSteps, defaults::kWindowSteps }, {});
    const std::vector<std::vector<float>> live
        = watched(engine, test::scratchDir("live-detectors"));
    ASSERT_EQ(static_cast<int64_t>(live.size()), offline.steps);
    ASSERT_LE(offline.steps, defaults::kLiveDetectorSpanSteps) << "vtest no longer fits one span";
    for (size_t d = 0; d < offline.detectors.size(); ++d) {
        const std::vector<float>& whole = offline.detectors[d].stepScores;
        double sum = 0.0, worst = 0.0;
        for (size_t t = 0; t < live.size(); ++t) {
            ASSERT_EQ(live[t].size(), offline.detectors.size());
            const double difference = std::fabs(live[t][d] - whole[t]);
            sum += difference;
            worst = std::max(worst, difference);
        }
        const std::string name = toString(offline.detectors[d].kind);
        std::printf(
            "%s on vtest.avi (%lld steps, demo weights, rolling span %lld): mean |rolling - "
            "whole| %.4f, max %.4f\n",
            name.c_str(), static_cast<long long>(offline.steps),
            static_cast<long long>(defaults::kLiveDetectorSpanSteps),
            sum / static_cast<double>(live.size()), worst);
        // At the last step the rolling span is the whole video: the same features, the same score.
        EXPECT_NEAR(live.back()[d], whole.back(), 1e-4) << name;
    }
}

} // namespace
