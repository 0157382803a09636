// LiveStepper in virtual time: snippets and gaps are fed as a reader would feed them, the clock
// is a number the test moves, and the files it writes are read back. No stream, no sleep.

#include "core/live/live_stepper.h"
#include "core/live/watch_health.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"
#include "tests/support/watch_fakes.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace vigil;
using namespace vigil::live;

constexpr int64_t kSnippetUs = 640000; // 16 frames at 25 fps

// Snippet i of the stream, its brightness (the fake networks' score) `score`.
LiveSnippet snippetAt(int64_t i, float score)
{
    LiveSnippet snippet;
    snippet.input = FloatArray::zeros({ 1, 3, 1, 2, 2 });
    for (float& value : snippet.input.values)
        value = score * 2.0f - 1.0f;
    snippet.startUs = i * kSnippetUs;
    snippet.endUs = (i + 1) * kSnippetUs;
    snippet.arrivedUs = snippet.endUs;
    snippet.middleFrame = cv::Mat(8, 8, CV_8UC3, cv::Scalar(200, 200, 200));
    return snippet;
}

StreamGap skippedAt(int64_t i)
{
    return { StreamGap::Kind::Skipped, i * kSnippetUs, (i + 1) * kSnippetUs };
}

struct Stepped {
    explicit Stepped(const std::string& name, int64_t windowSteps = 4)
        : dir(test::scratchDir(name))
        , settings(test::settingsFor("http://127.0.0.1:9/cam.ts", dir))
        , engine(test::engineOf(extractor, scorer))
    {
        settings.windowSteps = windowSteps;
        settings.alerts = { 0.6f, 0.5f, 0 };
        StepperCallbacks callbacks;
        callbacks.notice = [this](const std::string& text) { notices.push_back(text); };
        callbacks.status = [this](const WatchStatus& status) { statuses.push_back(status); };
        callbacks.observer.onStep = [this](const LiveStep& step) { steps.push_back(step); };
        stepper = std::make_unique<LiveStepper>(engine, settings,
            StepClock { [this] { return nowUs; },
                [](int64_t us) { return int64_t { 1800000000000 } + us / 1000; } },
            std::move(callbacks));
    }
    std::vector<nlohmann::json> alerts() const
    {
        std::vector<nlohmann::json> lines;
        for (const std::string& line : test::alertLinesOf(dir + "/events.jsonl"))
            lines.push_back(nlohmann::json::parse(line));
        return lines;
    }

    std::string dir;
    test::BrightnessExtractor extractor;
    test::MeanScorer scorer;
    WatchSettings settings;
    engine::Engine engine;
    int64_t nowUs = 0;
    std::vector<std::string> notices;
    std::vector<WatchStatus> statuses;
    std::vector<LiveStep> steps;
    std::unique_ptr<LiveStepper> stepper;
};

// The report of 2026-12-04: with most snippets skipped an alert stayed open for a minute of
// normal video, its window holding a few old scored steps.
TEST(LiveStepper, AnAlertClosesOnceSkippedSnippetsLeaveItsWindowUnderHalfScored)
{
    Stepped run("live-stepper-thin");
    for (int64_t i = 0; i < 4; ++i)
        run.stepper->score(snippetAt(i, 0.9f));
    run.stepper->takeGaps({ skippedAt(4), skippedAt(5) });
    EXPECT_TRUE(run.alerts().empty()) << "half of the window is still scored";
    run.stepper->takeGaps({ skippedAt(6) }); // one scored step of four places
    std::vector<nlohmann::json> alerts = run.alerts();
    ASSERT_EQ(alerts.size(), 1u);
    EXPECT_EQ(alerts[0].at("closed_by"), "unscored");
    EXPECT_NEAR(alerts[0].at("end_s").get<double>(), 4 * 0.64, 1e-6) << "at its last scored step";
    // The next snippet's window is [gap, gap, gap, it]: not scored, and no alert opens on it.
    run.stepper->score(snippetAt(7, 0.9f));
    ASSERT_FALSE(run.steps.empty());
    EXPECT_EQ(run.steps.back().kind, LiveStep::Kind::Unscored);
    EXPECT_FALSE(run.steps.back().score.has_value());
    EXPECT_FALSE(run.statuses.back().score.has_value());
    EXPECT_FALSE(run.statuses.back().isAlertOpen);
    run.stepper->score(snippetAt(8, 0.9f)); // [gap, gap, step, step]: half, scored again
    EXPECT_EQ(run.steps.back().kind, LiveStep::Kind::Scored);
    EXPECT_TRUE(run.statuses.back().isAlertOpen);
    run.stepper->finish();
    alerts = run.alerts();
    ASSERT_EQ(alerts.size(), 2u);
    EXPECT_EQ(alerts[1].at("closed_by"), "stop");
    EXPECT_NEAR(alerts[1].at("start_s").get<double>(), 8 * 0.64, 1e-6);
    EXPECT_EQ(run.stepper->outcome().stepsUnscored, 1);
    EXPECT_EQ(run.stepper->outcome().snippetsSkipped, 3);
    EXPECT_EQ(run.stepper->outcome().stepsScored, 5);
    // scores.csv: a row for every place in stream time, empty where nothing was scored.
    std::vector<std::string> rows = test::linesOf(run.dir + "/scores.csv");
    ASSERT_EQ(rows.size(), 10u); // the header and 9 places
    int empty = 0;
    for (size_t row = 1; row < rows.size(); ++row)
        empty += rows[row].back() == ',' ? 1 : 0;
    EXPECT_EQ(empty, 4);
}

TEST(LiveStepper, SaysAlertsAreUnreliableWhenMostSnippetsWereSkippedAndTheLagIsOnItsClock)
{
    Stepped run("live-stepper-notice", 8);
    for (int64_t i = 0; i < 30; ++i) {
        if (i % 3 == 0) {
            run.nowUs = (i + 1) * kSnippetUs + 250000; // scored 250 ms after its last frame
            run.stepper->score(snippetAt(i, 0.2f));
        } else {
            run.stepper->takeGaps({ skippedAt(i) });
        }
    }
    ASSERT_FALSE(run.statuses.empty());
    EXPECT_EQ(run.statuses.back().lagMs, 250);
    ASSERT_EQ(run.notices.size(), 1u) << "once a minute of stream clock at most";
    EXPECT_NE(run.notices[0].find("cannot keep up"), std::string::npos) << run.notices[0];
    run.nowUs += 61000000;
    run.stepper->takeGaps({ skippedAt(30), skippedAt(31) });
    run.stepper->score(snippetAt(32, 0.2f));
    ASSERT_EQ(run.notices.size(), 2u);
    EXPECT_NE(run.notices[1].find("alerts are unreliable"), std::string::npos) << run.notices[1];
    EXPECT_NE(run.notices[1].find("centre crop"), std::string::npos);
}

TEST(WatchHealth, FiguresAreOverTheLastMinuteOfStreamTime)
{
    WatchHealth health;
    EXPECT_EQ(health.figures().lagP50Ms, -1) << "nothing scored yet";
    // A minute and a half: one in four scored (lag 900 ms), but all of them (lag 100 ms) from
    // 30 s to 60 s. The last minute is half of each.
    for (int64_t i = 0; i < 141; ++i) {
        const int64_t endUs = (i + 1) * kSnippetUs;
        const bool isAllScored = endUs > 30000000 && endUs <= 60000000;
        if (isAllScored || i % 4 == 0)
            health.scored(endUs, isAllScored ? 100 : 900);
        else
            health.skipped(endUs);
    }
    health.reconnected();
    const HealthFigures figures = health.figures();
    EXPECT_NEAR(figures.spanS, 60.0, 0.7);
    EXPECT_NEAR(figures.skippedShare, 0.75 * 0.5, 0.03) << "half the minute at a quarter";
    EXPECT_NEAR(figures.scoredPerS, (30.0 / 0.64 + 30.0 / 0.64 / 4.0) / 60.0, 0.05);
    EXPECT_EQ(figures.lagP50Ms, 100);
    EXPECT_EQ(figures.lagP95Ms, 900);
    EXPECT_EQ(figures.reconnections, 1);
    EXPECT_FALSE(figures.isUnreliable);
    for (int64_t i = 141; i < 141 + 60; ++i)
        health.skipped((i + 1) * kSnippetUs);
    EXPECT_TRUE(health.figures().isUnreliable);
}

// Issue 38: the reader's pace, frames decoded per second of the session clock over the last
// minute; a decoder that falls behind a 25 fps source shows below 25.
TEST(WatchHealth, TheDecodeRateIsTheReadersPaceOverTheLastMinute)
{
    WatchHealth health;
    health.decoded(0, 0);
    health.decoded(500000, 12);
    EXPECT_EQ(health.figures().decodeFps, -1.0) << "under a second: not measured";
    for (int64_t s = 1; s <= 90; ++s) // 25 fps for 60 s, then 10 fps
        health.decoded(s * 1000000, s <= 60 ? 25 * s : 1500 + 10 * (s - 60));
    EXPECT_NEAR(health.figures().decodeFps, (30.0 * 25 + 30.0 * 10) / 60.0, 0.3);
    EXPECT_EQ(nlohmann::json::parse(statusJson(health.figures(), "s", 0, 0))["decode_fps"],
        health.figures().decodeFps);
    EXPECT_TRUE(nlohmann::json::parse(statusJson(WatchHealth().figures(), "s", 0, 0))["decode_fps"]
                    .is_null());
}

// Issue 38: one file for the process's health over all its cameras. Its alerts are reliable
// only while every watching camera's are; a camera that ended or failed says so and no longer
// counts.
TEST(WatchHealth, TheProcessStatusListsEveryCameraAndIsReliableOnlyWhenEachWatchingOneIs)
{
    HealthFigures good;
    good.scoredPerS = 1.5;
    HealthFigures behind = good;
    behind.isUnreliable = true;
    const auto parsed = [](const std::vector<CameraHealth>& cameras) {
        return nlohmann::json::parse(processStatusJson(cameras, 0));
    };
    const nlohmann::json both = parsed({ { "door", "rtsp://***@h/1", good, "watching", "" },
        { "yard", "rtsp://h/2", behind, "watching", "" } });
    EXPECT_EQ(both["format"], "vigil-watch-process-status");
    EXPECT_EQ(both["cameras_watching"], 2);
    EXPECT_FALSE(both["alerts_reliable"]);
    EXPECT_FALSE(both["cameras"][1]["alerts_reliable"]);
    EXPECT_EQ(both["cameras"][0]["scored_per_s"], 1.5);
    const nlohmann::json failed = parsed({ { "door", "d", good, "watching", "" },
        { "yard", "y", behind, "failed", "yard: cannot write" } });
    EXPECT_TRUE(failed["alerts_reliable"]);
    EXPECT_EQ(failed["cameras_watching"], 1);
    EXPECT_EQ(failed["cameras"][1]["failure"], "yard: cannot write");
    EXPECT_FALSE(parsed({ { "door", "d", good, "ended", "" } })["alerts_reliable"])
        << "nothing watched: nothing to rely on";
}

TEST(LiveStepper, KeepsStatusJsonCurrentForHealthChecks)
{
    Stepped run("live-stepper-status");
    for (int64_t i = 0; i < 12; ++i) {
        run.nowUs = (i + 1) * kSnippetUs + 300000;
        if (i % 4 == 0)
            run.stepper->score(snippetAt(i, 0.2f));
        else
            run.stepper->takeGaps({ skippedAt(i) });
    }
    run.stepper->finish();
    std::ifstream file(run.dir + "/status.json");
    const nlohmann::json status = nlohmann::json::parse(file);
    EXPECT_EQ(status.at("format"), "vigil-watch-status");
    EXPECT_EQ(status.at("source"), "http://127.0.0.1:9/cam.ts");
    // One scored step in four places: from the second on, each window is under half scored,
    // so only the first snippet was scored and the other eleven places were not.
    EXPECT_NEAR(status.at("skipped_share").get<double>(), 11.0 / 12.0, 0.001);
    EXPECT_EQ(status.at("alerts_reliable"), false);
    EXPECT_NEAR(status.at("lag_p95_s").get<double>(), 0.3, 0.001);
    EXPECT_EQ(status.at("reconnections"), 0);
    EXPECT_NEAR(run.statuses.back().skippedShare, 8.0 / 9.0, 0.001) << "at the ninth place";
}

} // namespace
