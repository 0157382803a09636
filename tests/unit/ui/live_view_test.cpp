// The live view (File > Open Stream…) on the engine of vigil watch: a real HTTP stream published
// by ffmpeg on 127.0.0.1, decoded by FFmpeg, scored by the fake networks through WatchSession on
// the worker thread. The timeline ring stays within its bound however many steps come; recent
// sources are stored without their password; Stop ends the worker and leaves events.jsonl whole.

#include "tests/support/live_stream.h"
#include "tests/support/text_lines.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/live/live_events_list.h"
#include "ui/live/live_recorder.h"
#include "ui/live/live_timeline_ring.h"
#include "ui/live/live_timeline_view.h"
#include "ui/live/live_window.h"
#include "ui/live/open_stream_dialog.h"
#include "ui/main/main_window.h"
#include "ui/main/video_view.h"
#include "ui/models/model_status_widget.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

namespace vigil::ui {
namespace {

using test::BackgroundProcess;

const char* const kPattern = "testsrc2=size=160x120:rate=25";

using vigil::test::linesOf;

live::LiveStep stepAt(int64_t index, int64_t stepUs)
{
    return { index * stepUs, (index + 1) * stepUs, 0.5f, { 0.25f, 0.75f } };
}

TEST(LiveTimelineRing, KeepsOnlyTheLastMinutesOfSteps)
{
    LiveTimelineRing ring = ringForMinutes(10);
    const int64_t stepUs = 640000; // 16 frames at 25 fps
    const int64_t total = 100000; // about 18 hours
    for (int64_t i = 0; i < total; ++i) {
        ring.push(stepAt(i, stepUs));
        ASSERT_LE(ring.lastUs() - ring.firstUs(), ring.spanUs()) << i;
    }
    EXPECT_EQ(ring.spanUs(), int64_t { 600 } * 1000000);
    EXPECT_EQ(ring.size(), static_cast<size_t>(ring.spanUs() / stepUs));
    EXPECT_EQ(ring.droppedSteps() + static_cast<int64_t>(ring.size()), total);
    EXPECT_EQ(ring.steps().back().startUs, (total - 1) * stepUs);
}

TEST(LiveTimelineRing, NeverHoldsMoreThanItsStepBoundWhateverTheStepLength)
{
    LiveTimelineRing ring(int64_t { 600 } * 1000000, 1000);
    for (int64_t i = 0; i < 50000; ++i) {
        ring.push(stepAt(i, 10)); // absurdly short steps: the count bound must hold
        ASSERT_LE(ring.size(), 1000u);
    }
    EXPECT_EQ(ring.size(), 1000u);
    EXPECT_EQ(ring.firstUs(), (50000 - 1000) * 10);
}

// 100 s of 1 s steps: scored 0.9 except steps 40..49, which were not scored.
LiveTimelineRing ringWithAGap()
{
    LiveTimelineRing ring(int64_t { 600 } * 1000000, 1000);
    for (int64_t i = 0; i < 100; ++i) {
        live::LiveStep step = stepAt(i, 1000000);
        step.score = i >= 40 && i < 50 ? std::nullopt : std::optional<float>(0.9f);
        if (!step.score)
            step.attention.clear();
        ring.push(step);
    }
    return ring;
}

TEST(LiveTimelineView, FollowsTheNewestStepUntilScrolledBackAndDrawsUnscoredStepsGrey)
{
    const LiveTimelineRing ring = ringWithAGap();
    LiveTimelineView view(&ring);
    view.resize(600, 240);
    view.setVisibleSpanUs(60000000);
    EXPECT_TRUE(view.isFollowing());
    EXPECT_EQ(view.shownEndUs(), 100000000);
    view.setViewEndUs(60000000); // 0..60 s: the gap at 40..50 s
    EXPECT_FALSE(view.isFollowing());
    EXPECT_EQ(view.shownEndUs(), 60000000);
    const QImage image = view.grab().toImage();
    const QRectF plot = view.scorePlotRect();
    const int scoreY = static_cast<int>(plot.bottom() - 0.9 * plot.height()); // the 0.9 line
    const int gapX = static_cast<int>(view.xOfUs(45000000));
    const int scoredX = static_cast<int>(view.xOfUs(20000000));
    const QColor inGap = image.pixelColor(gapX, scoreY + 20);
    const QColor scored = image.pixelColor(scoredX, scoreY + 20);
    EXPECT_NE(inGap, scored);
    EXPECT_NEAR(inGap.red(), inGap.blue(), 8) << "grey, not a colour of the scores";
    EXPECT_NEAR(inGap.red(), inGap.green(), 8);
    // The heatmap under it: viridis where scored, grey (nothing) in the gap.
    const int heatY = static_cast<int>(view.heatmapRect().bottom()) - 3;
    const QColor heat = image.pixelColor(scoredX, heatY);
    EXPECT_GT(heat.saturation(), 60);
    EXPECT_NE(image.pixelColor(gapX, heatY), heat);
    view.setViewEndUs(std::nullopt);
    EXPECT_EQ(view.shownEndUs(), 100000000);
}

struct LocalStream {
    explicit LocalStream(double seconds = 8.0)
        : server(test::publishCommand(
            kPattern, seconds, "http://127.0.0.1:" + std::to_string(port) + "/s.ts"))
    {
    }
    int port = test::freePort();
    BackgroundProcess server;
    std::string url() const
    {
        return "http://viewer:hunter2@127.0.0.1:" + std::to_string(port) + "/s.ts";
    }
};

std::unique_ptr<LiveWindow> liveWindowOn(const std::string& url, const std::string& dir, float on,
    float off, std::chrono::milliseconds extractDelay = {})
{
    LiveChoices choices;
    choices.location = url;
    choices.outputDir = dir;
    choices.on = on;
    choices.off = off;
    choices.minDurationS = 0.0;
    choices.windowSteps = 2;
    choices.timeoutS = 5.0;
    const live::WatchPlan plan = live::planWatch(choices);
    EXPECT_EQ(plan.problem, "");
    const AnalysisEngine engine = test::fakeEngine(2, extractDelay);
    return std::make_unique<LiveWindow>(liveRequestFor(plan, engine.engine), 10);
}

std::unique_ptr<LiveWindow> liveWindowOn(const LocalStream& stream, const std::string& dir,
    float on, float off, std::chrono::milliseconds extractDelay = {})
{
    return liveWindowOn(stream.url(), dir, on, off, extractDelay);
}

TEST(LiveWindow, ShowsALocalHttpStreamLiveWithItsScoresAndAnAlertWithItsThumbnail)
{
    const std::string dir = test::scratchDir("live-http");
    LocalStream stream;
    QTest::qWait(300);
    // The fake scores rise above 0.6 at the first step and fall below 0.5 at the sixth.
    std::unique_ptr<LiveWindow> window = liveWindowOn(stream, dir, 0.6f, 0.5f);
    QSignalSpy finished(window.get(), &LiveWindow::finished);
    window->show();
    window->start();
    // The first alert is listed open at once and completed, with its thumbnail, at the sixth.
    const auto firstAlertRow = [&] { return window->events()->count() - 1; };
    EXPECT_TRUE(QTest::qWaitFor(
        [&] {
            return window->ring().size() >= 4 && window->events()->count() >= 1
                && window->events()->hasThumbnail(firstAlertRow());
        },
        20000));
    EXPECT_TRUE(window->liveLabel()->text().startsWith(QString::fromUtf8("LIVE · lag ")))
        << window->liveLabel()->text().toStdString();
    EXPECT_FALSE(window->video()->image().isNull());
    EXPECT_EQ(window->video()->image().size(), QSize(160, 120));
    ASSERT_GE(window->events()->count(), 1);
    EXPECT_TRUE(window->events()->item(firstAlertRow())->text().startsWith("#1  "));
    bool isHeaded = false; // the list says what it is
    for (const QLabel* label : window->findChildren<QLabel*>())
        isHeaded |= label->buddy() == window->events() && label->text().contains("Alerts");
    EXPECT_TRUE(isHeaded);
    EXPECT_TRUE(window->ring().steps().front().score.has_value());
    EXPECT_EQ(window->ring().steps().front().attention.size(), 2u); // the fake's two rows
    // The fake networks have demo (seeded) weights: the live window says so as the main does.
    EXPECT_TRUE(window->modelStatus()->isDemoBadgeShown());
    EXPECT_TRUE(window->modelStatus()->isVisible());
    QString shown = window->windowTitle() + window->statusBar()->currentMessage();
    for (const QLabel* label : window->statusBar()->findChildren<QLabel*>())
        shown += label->text();
    EXPECT_TRUE(shown.contains("http://***@127.0.0.1")) << shown.toStdString();
    EXPECT_FALSE(shown.contains("hunter2"));
    window->stop();
    ASSERT_TRUE(finished.wait(10000) || finished.count() == 1);
    EXPECT_FALSE(window->isRunning());
    const std::vector<std::string> events = vigil::test::alertLinesOf(dir + "/events.jsonl");
    EXPECT_EQ(static_cast<int>(events.size()), window->events()->count());
    EXPECT_NE(events.at(0).find("\"closed_by\":\"score\""), std::string::npos) << events.at(0);
    EXPECT_GT(linesOf(dir + "/scores.csv").size(), 4u);
}

TEST(LiveWindow, EscapeStopsTheWorkerAndTheOpenAlertIsWrittenWhole)
{
    const std::string dir = test::scratchDir("live-stop");
    LocalStream stream;
    QTest::qWait(300);
    // --on 0: the alert opens at the first step and only Stop closes it.
    std::unique_ptr<LiveWindow> window = liveWindowOn(stream, dir, 0.0f, 0.0f);
    QSignalSpy finished(window.get(), &LiveWindow::finished);
    window->show();
    window->start();
    ASSERT_TRUE(QTest::qWaitFor([&] { return window->ring().size() >= 2; }, 20000));
    EXPECT_TRUE(window->liveLabel()->text().contains("ALERT"));
    // The alert the status bar calls ALERT is in the list already, marked open.
    ASSERT_EQ(window->events()->count(), 1);
    EXPECT_TRUE(window->events()->item(0)->text().startsWith("OPEN  "))
        << window->events()->item(0)->text().toStdString();
    QTest::keyClick(window.get(), Qt::Key_Escape);
    EXPECT_FALSE(window->stopButton()->isEnabled());
    ASSERT_TRUE(finished.wait(10000) || finished.count() == 1);
    EXPECT_FALSE(window->isRunning());
    EXPECT_EQ(window->liveLabel()->text(), "Stopped");
    const std::vector<std::string> events = vigil::test::alertLinesOf(dir + "/events.jsonl");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].front(), '{');
    EXPECT_EQ(events[0].back(), '}');
    EXPECT_NE(events[0].find("\"closed_by\":\"stop\""), std::string::npos) << events[0];
    EXPECT_EQ(events[0].find("hunter2"), std::string::npos);
    ASSERT_EQ(window->events()->count(), 1); // completed in place
    EXPECT_TRUE(window->events()->item(0)->text().startsWith("#1  "));
    EXPECT_TRUE(window->events()->item(0)->text().endsWith("(closed by stop)"));
    EXPECT_TRUE(window->events()->hasThumbnail(0));
}

TEST(LiveWindow, SaysWhenSnippetsAreSkippedToStayLiveAndWhenTheStreamIsAway)
{
    const std::string dir = test::scratchDir("live-skip");
    LocalStream stream(5.0);
    QTest::qWait(300);
    // 1.5 s per snippet of 0.64 s: the queue of two drops the oldest to stay live.
    std::unique_ptr<LiveWindow> window
        = liveWindowOn(stream, dir, 0.99f, 0.99f, std::chrono::milliseconds(1500));
    window->show();
    window->start();
    EXPECT_TRUE(QTest::qWaitFor([&] { return !window->skippedLabel()->text().isEmpty(); }, 20000));
    EXPECT_TRUE(window->skippedLabel()->text().contains("skipped (not scored)"))
        << window->skippedLabel()->text().toStdString();
    const auto& steps = window->ring().steps();
    EXPECT_TRUE(std::any_of(steps.begin(), steps.end(), [](const live::LiveStep& step) {
        return !step.score.has_value() && step.attention.empty();
    }));
    // The stream ended: the frame shown is stale, the reader keeps reconnecting and the window
    // says so, with the time since the last frame, a countdown and Retry now.
    EXPECT_TRUE(QTest::qWaitFor(
        [&] { return window->liveLabel()->text().contains("reconnecting in"); }, 20000))
        << window->liveLabel()->text().toStdString();
    EXPECT_TRUE(window->liveLabel()->text().startsWith("STALE · last frame "));
    EXPECT_TRUE(QTest::qWaitFor([&] { return window->staleBadge()->isVisible(); }, 10000));
    EXPECT_TRUE(window->staleBadge()->text().startsWith("STALE"));
    EXPECT_FALSE(window->liveLabel()->text().contains("LIVE"));
    EXPECT_TRUE(window->retryButton()->isVisible());
    QSignalSpy finished(window.get(), &LiveWindow::finished);
    window->stop();
    ASSERT_TRUE(finished.wait(10000) || finished.count() == 1);
}

// A camera still rebooting: nothing answers when the window opens. It says why, counts down to
// the next attempt with Retry now, and shows the stream once its server is up.
TEST(LiveWindow, RetriesASourceThatIsNotUpYetWithACountdownAndRetryNow)
{
    const std::string dir = test::scratchDir("live-first-open");
    const int port = test::freePort();
    const std::string url = "http://127.0.0.1:" + std::to_string(port) + "/s.ts";
    std::unique_ptr<LiveWindow> window = liveWindowOn(url, dir, 0.99f, 0.99f);
    window->show();
    window->start();
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return window->liveLabel()->text().contains("retrying in"); }, 20000))
        << window->liveLabel()->text().toStdString();
    EXPECT_TRUE(window->liveLabel()->text().startsWith("Cannot open: http://127.0.0.1:"))
        << window->liveLabel()->text().toStdString();
    EXPECT_TRUE(window->retryButton()->isVisible());
    EXPECT_TRUE(window->isRunning()); // not failed: it keeps trying
    BackgroundProcess server(test::publishCommand(kPattern, 8.0, url));
    // A readiness probe, not a guess: on a loaded machine ffmpeg took over 300 ms to listen, the
    // click then tried too early, and the next attempt came after the waits below.
    ASSERT_TRUE(test::waitUntilListening(url, 20.0));
    window->retryButton()->click();
    EXPECT_TRUE(QTest::qWaitFor([&] { return !window->video()->image().isNull(); }, 20000));
    EXPECT_TRUE(QTest::qWaitFor([&] { return window->ring().size() >= 1; }, 20000));
    EXPECT_TRUE(
        QTest::qWaitFor([&] { return window->liveLabel()->text().startsWith("LIVE"); }, 20000))
        << window->liveLabel()->text().toStdString();
    EXPECT_FALSE(window->retryButton()->isVisible());
    QSignalSpy finished(window.get(), &LiveWindow::finished);
    window->stop();
    ASSERT_TRUE(finished.wait(10000) || finished.count() == 1);
}

// File > Open Stream… end to end: the dialog, then a live window of the main window's engine
// that shows the redacted source and stops with the main window.
TEST(LiveWindow, OpenStreamFromTheFileMenuWatchesTheSourceInALiveWindow)
{
    const std::string dir = test::scratchDir("live-menu");
    LocalStream stream;
    QTest::qWait(300);
    auto main = std::make_unique<MainWindow>(test::fakeEngine(2));
    auto* action = main->findChild<QAction*>(QStringLiteral("openStreamAction"));
    ASSERT_NE(action, nullptr);
    bool wasFilled = false;
    QTimer::singleShot(200, [&] {
        auto* dialog = qobject_cast<OpenStreamDialog*>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        dialog->sourceBox()->setCurrentText(QString::fromStdString(stream.url()));
        dialog->outputEdit()->setText(QString::fromStdString(dir));
        wasFilled = true;
        dialog->accept();
    });
    action->trigger();
    ASSERT_TRUE(wasFilled);
    LiveWindow* live = main->findChild<LiveWindow*>();
    ASSERT_NE(live, nullptr);
    EXPECT_TRUE(live->isRunning());
    EXPECT_EQ(live->windowTitle(),
        "LIVE http://***@127.0.0.1:" + QString::number(stream.port) + "/s.ts – Vigil");
    EXPECT_TRUE(QTest::qWaitFor([&] { return live->ring().size() >= 2; }, 20000));
    QSignalSpy finished(live, &LiveWindow::finished);
    main.reset(); // the live window stops and waits with it
    EXPECT_EQ(finished.count(), 0); // deleted before its thread's end was delivered: no crash
    EXPECT_EQ(linesOf(dir + "/scores.csv").at(0), "stream_time_s,wall_time,score");
}

TEST(LiveWindow, RecordWritesTheStreamByStreamCopyBetweenTheTwoPresses)
{
    const std::string dir = test::scratchDir("live-record");
    LocalStream stream;
    QTest::qWait(300);
    std::unique_ptr<LiveWindow> window = liveWindowOn(stream, dir, 0.99f, 0.99f);
    QSignalSpy written(window->recorder(), &LiveRecorder::written);
    window->show();
    EXPECT_FALSE(window->recordButton()->isEnabled()); // nothing to record from yet
    window->start();
    ASSERT_TRUE(QTest::qWaitFor([&] { return window->recordButton()->isEnabled(); }, 20000));
    window->recordButton()->click();
    EXPECT_TRUE(window->recorder()->isRecording());
    QTest::qWait(2500);
    window->recordButton()->click();
    ASSERT_TRUE(written.wait(10000) || written.count() == 1);
    const QString path = written.at(0).at(0).toString();
    EXPECT_TRUE(path.startsWith(QString::fromStdString(dir) + "/record-")) << path.toStdString();
    EXPECT_TRUE(written.at(0).at(1).toString().isEmpty()); // all of it was still in the ring
    const test::CommandResult probe = test::runCommand(
        "ffprobe -v error -count_frames -show_entries stream=codec_name,nb_read_frames -of csv=p=0 "
        + test::shellQuoted(path.toStdString()));
    ASSERT_EQ(probe.exitCode, 0) << probe.output;
    EXPECT_EQ(probe.output.rfind("mpeg2video,", 0), 0u) << probe.output; // stream copy
    const int frames = std::stoi(probe.output.substr(probe.output.find(',') + 1));
    // 2.5 s at 25 fps, from the keyframe before the first press (one a second).
    EXPECT_GE(frames, 50);
    EXPECT_LE(frames, 25 * 5);
    window->stop();
}

} // namespace
} // namespace vigil::ui
