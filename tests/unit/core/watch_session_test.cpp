// WatchSession on a real live stream (ffmpeg publishing a lavfi clip over HTTP on 127.0.0.1)
// with fake networks whose score is the snippet's brightness: the alert opens and closes when
// the picture turns white and black again, its clip has the right length, and a slow network
// makes the session skip snippets instead of falling behind.

#include "core/live/watch_session.h"
#include "tests/support/live_stream.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"
#include "tests/support/watch_fakes.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <memory>
#include <thread>

namespace {

using namespace vigil;
using namespace vigil::live;

using vigil::test::BrightnessExtractor;
using vigil::test::engineOf;
using vigil::test::kWhiteFrom3To6;
using vigil::test::MeanScorer;
using vigil::test::settingsFor;

using vigil::test::alertLinesOf;
using vigil::test::linesOf;

double clipSeconds(const std::string& path)
{
    const test::CommandResult probe = test::runCommand(
        "ffprobe -v error -show_entries format=duration -of csv=p=0 " + test::shellQuoted(path));
    return probe.exitCode == 0 ? std::atof(probe.output.c_str()) : -1.0;
}

TEST(WatchSession, AlertOpensAndClosesWithTheContentAndItsClipHasPrePlusAlertPlusPost)
{
    const std::string dir = test::scratchDir("watch-session-alert");
    const std::string url = "http://127.0.0.1:" + std::to_string(test::freePort()) + "/live.ts";
    test::BackgroundProcess server(test::publishCommand(kWhiteFrom3To6, 9.0, url));
    ASSERT_TRUE(test::waitUntilListening(url, 30.0)) << "ffmpeg never listened at " << url;
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    WatchSession session(
        settingsFor(url, dir), engineOf(extractor, scorer), [](const std::string&) {}, {});
    const CancellationToken cancel;
    const WatchOutcome outcome = session.run(cancel);

    EXPECT_EQ(outcome.alerts, 1);
    EXPECT_GT(outcome.stepsScored, 10);
    const std::vector<std::string> events = alertLinesOf(dir + "/events.jsonl");
    ASSERT_EQ(events.size(), 1u);
    const nlohmann::json event = nlohmann::json::parse(events[0]);
    const double start = event.at("start_s").get<double>();
    const double end = event.at("end_s").get<double>();
    // Snippets are 0.64 s: the first all-white one starts at 3.2 s, the last ends at 5.76 s; the
    // stream clock starts when the first frame arrived.
    EXPECT_NEAR(start, 3.2, 0.7);
    EXPECT_NEAR(end, 5.76, 0.7);
    EXPECT_GT(event.at("peak_score").get<double>(), 0.95);
    EXPECT_EQ(event.at("closed_by"), "score");
    EXPECT_TRUE(std::filesystem::exists(dir + "/" + event.at("thumbnail").get<std::string>()));
    // Pre-roll and post-roll of 1 s; the clip starts at the keyframe (one a second) before.
    const nlohmann::json written = nlohmann::json::parse(linesOf(dir + "/events.jsonl").at(1));
    EXPECT_EQ(written.at("type"), "clip_written");
    EXPECT_EQ(written.at("id"), event.at("id"));
    const double clip = clipSeconds(dir + "/" + written.at("clip").get<std::string>());
    EXPECT_GE(clip, (end - start) + 2.0 - 0.1);
    EXPECT_LE(clip, (end - start) + 2.0 + 1.1);
}

TEST(WatchSession, SlowNetworksSkipSnippetsAndTheLagStaysBounded)
{
    const std::string dir = test::scratchDir("watch-session-slow");
    const std::string url = "http://127.0.0.1:" + std::to_string(test::freePort()) + "/live.ts";
    test::BackgroundProcess server(test::publishCommand(kWhiteFrom3To6, 10.0, url));
    ASSERT_TRUE(test::waitUntilListening(url, 30.0)) << "ffmpeg never listened at " << url;
    // 1.2 s per snippet of 0.64 s: without skipping, the lag would grow by 0.56 s a snippet.
    const BrightnessExtractor extractor(1200);
    const MeanScorer scorer;
    int64_t maxLagMs = 0;
    std::vector<std::string> notices;
    WatchSettings settings = settingsFor(url, dir);
    settings.windowSteps = 4; // so that skipped snippets can leave a window too thin to score
    WatchSession session(
        settings, engineOf(extractor, scorer),
        [&notices](const std::string& notice) { notices.push_back(notice); },
        [&maxLagMs](const WatchStatus& status) { maxLagMs = std::max(maxLagMs, status.lagMs); });
    const CancellationToken cancel;
    const WatchOutcome outcome = session.run(cancel);

    EXPECT_GT(outcome.snippetsSkipped, 3);
    // One snippet, two waiting in the queue and one in the network: about 4.3 s.
    EXPECT_LT(maxLagMs, 6000);
    int notScored = 0;
    std::vector<bool> isScored; // scores.csv's rows, in stream order
    for (const std::string& row : linesOf(dir + "/scores.csv")) {
        if (row.empty() || row.rfind("stream_time_s", 0) == 0)
            continue;
        isScored.push_back(row.back() != ',');
        notScored += isScored.back() ? 0 : 1;
    }
    EXPECT_EQ(notScored, outcome.snippetsSkipped + outcome.stepsUnscored);
    // Windows are in stream time: no score stands for a window of 4 places with under 2 scored.
    for (size_t row = 0; row < isScored.size(); ++row) {
        if (!isScored[row])
            continue;
        const size_t first = row >= 3 ? row - 3 : 0;
        const auto scored = std::count(isScored.begin() + static_cast<std::ptrdiff_t>(first),
            isScored.begin() + static_cast<std::ptrdiff_t>(row) + 1, true);
        EXPECT_GE(2 * scored, static_cast<std::ptrdiff_t>(row - first + 1)) << "row " << row;
    }
    bool saidSo = false;
    for (const std::string& notice : notices)
        saidSo = saidSo || notice.find("cannot keep up") != std::string::npos;
    EXPECT_TRUE(saidSo);
}

} // namespace

// What the desktop app's live view hears: every frame, every step as scores.csv has it, every
// alert as events.jsonl has it, and the packets of the connection once.
TEST(WatchSession, ObserverHearsEachFrameStepAndAlertAsTheFilesHaveThem)
{
    const std::string dir = test::scratchDir("watch-session-observer");
    const std::string url = "http://127.0.0.1:" + std::to_string(test::freePort()) + "/live.ts";
    test::BackgroundProcess server(test::publishCommand(kWhiteFrom3To6, 9.0, url));
    ASSERT_TRUE(test::waitUntilListening(url, 30.0)) << "ffmpeg never listened at " << url;
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    WatchSession session(
        settingsFor(url, dir), engineOf(extractor, scorer), [](const std::string&) {}, {});
    std::atomic<int64_t> frames { 0 };
    std::atomic<int64_t> lastFrameUs { -1 };
    std::atomic<bool> isFrameRgb { true };
    std::vector<LiveStep> steps;
    std::vector<EventRecord> alerts;
    int packetSources = 0;
    LiveObserver observer;
    observer.onFrame = [&](const cv::Mat& rgb, int64_t us) {
        ++frames;
        isFrameRgb = isFrameRgb && rgb.type() == CV_8UC3 && rgb.cols == 160 && us > lastFrameUs;
        lastFrameUs = us;
    };
    observer.onStep = [&](const LiveStep& step) { steps.push_back(step); };
    observer.onAlert = [&](const EventRecord& event) { alerts.push_back(event); };
    observer.onPackets
        = [&](const ClipSource& packets) { packetSources += packets.packets ? 1 : 0; };
    session.setObserver(observer);
    const CancellationToken cancel;
    const WatchOutcome outcome = session.run(cancel);

    EXPECT_GE(frames.load(), 16 * outcome.stepsScored);
    EXPECT_TRUE(isFrameRgb.load());
    EXPECT_EQ(packetSources, 1);
    EXPECT_EQ(static_cast<int64_t>(steps.size()), outcome.stepsScored + outcome.snippetsSkipped);
    EXPECT_EQ(linesOf(dir + "/scores.csv").size(), steps.size() + 1); // + the header
    for (const LiveStep& step : steps) {
        ASSERT_TRUE(step.score.has_value());
        EXPECT_EQ(step.attention, std::vector<float>({ 1.0f })); // one row, a 1-step window
        EXPECT_EQ(step.endUs - step.startUs, 640000);
    }
    ASSERT_EQ(alerts.size(), 1u);
    const nlohmann::json event = nlohmann::json::parse(linesOf(dir + "/events.jsonl").at(0));
    EXPECT_EQ(alerts[0].id, event.at("id").get<int64_t>());
    EXPECT_EQ(alerts[0].thumbnail, event.at("thumbnail").get<std::string>());
    EXPECT_FALSE(alerts[0].thumbnail.empty());
    EXPECT_NEAR(alerts[0].alert.peak.score, event.at("peak_score").get<double>(), 1e-5);
}

// The lag is measured from the arrival of a step's last frame, so fast networks never read below
// zero, although FFmpeg's probing delays the first frame (the clock's anchor) more than the rest.
TEST(WatchSession, LagIsNeverNegative)
{
    const std::string dir = test::scratchDir("watch-session-lag");
    const std::string url = "http://127.0.0.1:" + std::to_string(test::freePort()) + "/live.ts";
    test::BackgroundProcess server(test::publishCommand(kWhiteFrom3To6, 4.0, url));
    ASSERT_TRUE(test::waitUntilListening(url, 30.0)) << "ffmpeg never listened at " << url;
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    std::vector<int64_t> lagsMs;
    WatchSession session(
        settingsFor(url, dir), engineOf(extractor, scorer), [](const std::string&) {},
        [&lagsMs](const WatchStatus& status) { lagsMs.push_back(status.lagMs); });
    const CancellationToken cancel;
    const WatchOutcome outcome = session.run(cancel);

    ASSERT_GT(outcome.stepsScored, 3);
    ASSERT_EQ(static_cast<int64_t>(lagsMs.size()), outcome.stepsScored);
    EXPECT_GE(*std::min_element(lagsMs.begin(), lagsMs.end()), 0);
    EXPECT_LT(*std::max_element(lagsMs.begin(), lagsMs.end()), 2000);
}

// The stream ends while the picture is white: the alert closes the moment the stream is lost,
// says so in events.jsonl, and the observer heard it open long before it closed.
TEST(WatchSession, AnAlertOpenWhenTheStreamDropsIsClosedByStreamLostAndWasShownOpenAtOnce)
{
    const std::string dir = test::scratchDir("watch-session-lost");
    const std::string url = "http://127.0.0.1:" + std::to_string(test::freePort()) + "/live.ts";
    test::BackgroundProcess server(test::publishCommand(kWhiteFrom3To6, 5.8, url));
    ASSERT_TRUE(test::waitUntilListening(url, 30.0)) << "ffmpeg never listened at " << url;
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    WatchSession session(
        settingsFor(url, dir), engineOf(extractor, scorer), [](const std::string&) {}, {});
    std::vector<std::string> heard; // "open", "closed" (onAlert), "ended" (onOpenAlert nullopt)
    LiveObserver observer;
    observer.onOpenAlert
        = [&heard](const std::optional<Alert>& open) { heard.push_back(open ? "open" : "ended"); };
    observer.onAlert = [&heard](const EventRecord&) { heard.push_back("closed"); };
    session.setObserver(observer);
    const CancellationToken cancel;
    const WatchOutcome outcome = session.run(cancel);

    EXPECT_EQ(outcome.alerts, 1);
    const std::vector<std::string> events = alertLinesOf(dir + "/events.jsonl");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(nlohmann::json::parse(events[0]).at("closed_by"), "stream-lost");
    // Open at its first step and at each step after it, then closed, then no longer open.
    ASSERT_GE(heard.size(), 4u);
    EXPECT_EQ(heard.front(), "open");
    EXPECT_EQ(heard[heard.size() - 2], "closed");
    EXPECT_EQ(heard.back(), "ended");
    EXPECT_GE(std::count(heard.begin(), heard.end(), "open"), 2);
}

// Nothing listens when the watch starts (a camera still rebooting): the first open is retried
// with backoff instead of failing, and the stream is read once its server is up. The server is
// started when the reader says it is waiting, so the test waits on that, not on a clock.
TEST(WatchSession, RetriesAFirstOpenThatFailsUntilTheSourceIsUp)
{
    const std::string dir = test::scratchDir("watch-session-first-open");
    const std::string url = "http://127.0.0.1:" + std::to_string(test::freePort()) + "/live.ts";
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    WatchSettings settings = settingsFor(url, dir);
    settings.reader.giveUpAfterMs = 30000;
    std::vector<std::string> notices;
    WatchSession session(settings, engineOf(extractor, scorer),
        [&notices](const std::string& notice) { notices.push_back(notice); }, {});
    std::unique_ptr<test::BackgroundProcess> server;
    std::vector<RetryWait> waits;
    CancellationToken cancel;
    LiveObserver observer;
    observer.onRetryWait = [&](const RetryWait& wait) {
        waits.push_back(wait);
        if (!server)
            server = std::make_unique<test::BackgroundProcess>(
                test::publishCommand(kWhiteFrom3To6, 20.0, url));
    };
    observer.onStep = [&cancel](const LiveStep&) { cancel.cancel(); };
    session.setObserver(observer);
    const WatchOutcome outcome = session.run(cancel);

    EXPECT_TRUE(outcome.wasOpened);
    EXPECT_GE(outcome.stepsScored, 1);
    ASSERT_FALSE(waits.empty());
    EXPECT_FALSE(waits[0].hasConnected);
    EXPECT_EQ(waits[0].delayMs, ReconnectBackoff::kFirstDelayMs);
    EXPECT_EQ(waits[0].reason.rfind(url, 0), 0u) << waits[0].reason;
    for (size_t i = 1; i < waits.size(); ++i)
        EXPECT_GT(waits[i].delayMs, waits[i - 1].delayMs) << "the backoff of a dropped stream";
    ASSERT_GE(notices.size(), 2u);
    EXPECT_NE(notices[0].find("; retrying"), std::string::npos) << notices[0];
    EXPECT_NE(notices[1].find("opened after"), std::string::npos) << notices[1];
}

// No source at all within --give-up-after: the run ends, saying it never opened.
TEST(WatchSession, GivesUpOnAFirstOpenAfterGiveUpAfter)
{
    const std::string dir = test::scratchDir("watch-session-never");
    const std::string url = "http://127.0.0.1:" + std::to_string(test::freePort()) + "/live.ts";
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    WatchSession session(
        settingsFor(url, dir), engineOf(extractor, scorer), [](const std::string&) {}, {});
    const CancellationToken cancel;
    const WatchOutcome outcome = session.run(cancel);
    EXPECT_FALSE(outcome.wasOpened);
    EXPECT_EQ(outcome.stepsScored, 0);
    EXPECT_EQ(outcome.endReason.rfind("not opened in ", 0), 0u) << outcome.endReason;
}

// Retry now (the live view's button) ends the reader's wait at once: the attempt after a 4 s
// wait comes long before those 4 s are over.
TEST(WatchSession, RetryNowEndsTheWaitBeforeTheNextAttempt)
{
    const std::string dir = test::scratchDir("watch-session-retry-now");
    const std::string url = "http://127.0.0.1:" + std::to_string(test::freePort()) + "/live.ts";
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    WatchSettings settings = settingsFor(url, dir);
    settings.reader.giveUpAfterMs = 60000;
    WatchSession session(settings, engineOf(extractor, scorer), [](const std::string&) {}, {});
    auto retryNow = std::make_shared<RetryNow>();
    session.setRetryNow(retryNow);
    CancellationToken cancel;
    std::optional<std::chrono::steady_clock::time_point> askedAt;
    std::chrono::steady_clock::duration untilNextAttempt {};
    LiveObserver observer;
    observer.onRetryWait = [&](const RetryWait& wait) {
        if (askedAt) {
            untilNextAttempt = std::chrono::steady_clock::now() - *askedAt;
            cancel.cancel();
        } else if (wait.delayMs >= 4000) {
            askedAt = std::chrono::steady_clock::now();
            retryNow->request();
        }
    };
    session.setObserver(observer);
    const WatchOutcome outcome = session.run(cancel);
    EXPECT_FALSE(outcome.wasOpened);
    ASSERT_TRUE(askedAt.has_value());
    EXPECT_LT(untilNextAttempt, std::chrono::milliseconds(2000));
}
