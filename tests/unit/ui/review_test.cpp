// Reviewing a recording: J/K/L speeds, looping the current event, the reviewed marks' sidecar,
// exporting an event as a clip, and the timeline's hover text, score-axis zoom and legend. Fake
// networks on generated clips; offscreen.

#include "core/formats/review_sidecar.h"
#include "core/media/video_decoder.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/events/events_panel.h"
#include "ui/events/events_table.h"
#include "ui/main/clip_export.h"
#include "ui/main/main_window.h"
#include "ui/main/playback_speed.h"
#include "ui/main/video_panel.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"

#include <QAction>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

#include <filesystem>

namespace {

using namespace vigil::ui;

QString reviewClip()
{
    return QString::fromStdString(vigil::test::uiClip("review_400.mp4", 400));
}

std::unique_ptr<MainWindow> analysedWindow()
{
    auto window = std::make_unique<MainWindow>(vigil::test::fakeEngine(4));
    window->resize(1400, 880);
    window->show();
    window->activateWindow();
    EXPECT_TRUE(QTest::qWaitForWindowActive(window.get()));
    QSignalSpy succeeded(window.get(), &MainWindow::analysisSucceeded);
    window->openVideo(reviewClip());
    // Opened again, the video shows its kept result at once: no wait then.
    EXPECT_TRUE(!succeeded.isEmpty() || succeeded.wait(60000)) << window->errorText().toStdString();
    return window;
}

TEST(Review, SpeedKeysStepTheRateFromAQuarterTo16Times)
{
    auto window = analysedWindow();
    VideoPanel* video = window->videoPanel();
    EXPECT_EQ(video->speed(), 1.0);
    QTest::keyClick(window.get(), Qt::Key_L);
    EXPECT_EQ(video->speed(), 1.0) << "L while paused plays at the speed shown";
    EXPECT_TRUE(video->isPlaying()) << "L plays";
    QTest::keyClick(window.get(), Qt::Key_L);
    EXPECT_EQ(video->speed(), 2.0) << "L while playing is faster";
    for (int i = 0; i < 5; ++i)
        QTest::keyClick(window.get(), Qt::Key_L);
    EXPECT_EQ(video->speed(), 16.0) << "never faster than 16x";
    QTest::keyClick(window.get(), Qt::Key_K);
    EXPECT_FALSE(video->isPlaying()) << "K pauses";
    EXPECT_EQ(video->speed(), 16.0);
    QTest::keyClick(window.get(), Qt::Key_J);
    EXPECT_TRUE(video->isPlaying()) << "J plays too";
    EXPECT_EQ(video->speed(), 16.0) << "J while paused plays at the speed shown";
    for (int i = 0; i < 9; ++i)
        QTest::keyClick(window.get(), Qt::Key_J);
    EXPECT_EQ(video->speed(), 0.25) << "never slower than 0.25x";
    QTest::keyClick(window.get(), Qt::Key_K);
    const int64_t frame = video->currentFrame();
    QTest::keyClick(window.get(), Qt::Key_Right);
    EXPECT_EQ(video->currentFrame(), frame + 1) << "frame stepping is kept";

    PlaybackSpeed speed;
    EXPECT_EQ(speed.tickMs(25.0), 40);
    for (int i = 0; i < 4; ++i)
        speed.faster();
    EXPECT_EQ(speed.text(), "16x");
    EXPECT_EQ(speed.tickMs(25.0), PlaybackSpeed::kShortestTickMs);
    EXPECT_EQ(speed.framesPerTick(25.0), 8) << "400 frames a second at 50 ticks a second";
    for (int i = 0; i < 8; ++i)
        speed.slower();
    EXPECT_EQ(speed.text(), "0.25x");
    EXPECT_EQ(speed.tickMs(25.0), 160);
    EXPECT_EQ(speed.framesPerTick(25.0), 1);
}

TEST(Review, LoopingTheCurrentEventGoesBackToItsStart)
{
    auto window = analysedWindow();
    const auto events = window->eventsTable()->events();
    ASSERT_FALSE(events.empty());
    const auto& event = events.front();
    ASSERT_GT(event.frameCount(), 2);
    VideoPanel* video = window->videoPanel();
    window->seek(event.firstFrame + 1);
    auto* loop = window->findChild<QAction*>(QStringLiteral("loopEventAction"));
    ASSERT_NE(loop, nullptr);
    loop->setChecked(true);
    EXPECT_TRUE(video->isLooping());
    EXPECT_TRUE(video->isPlaying());
    video->seek(event.lastFrame);
    QSignalSpy frames(video, &VideoPanel::currentFrameChanged);
    ASSERT_TRUE(frames.wait(5000));
    EXPECT_EQ(frames.first().first().toLongLong(), event.firstFrame);
    loop->setChecked(false);
    EXPECT_FALSE(video->isLooping());
}

TEST(Review, ReviewedMarksAreSavedBesideTheVideoAndShownWhenItIsOpenedAgain)
{
    std::string sidecar;
    {
        auto window = analysedWindow();
        EventsTable* table = window->eventsTable();
        ASSERT_GE(table->rowCount(), 2);
        sidecar = window->eventsPanel()->sidecarPath().toStdString();
        EXPECT_EQ(sidecar, vigil::formats::reviewSidecarPath(reviewClip().toStdString()));
        std::filesystem::remove(sidecar);
        table->item(1, EventsTable::ReviewedColumn)->setCheckState(Qt::Checked);
        ASSERT_TRUE(std::filesystem::exists(sidecar));
        const auto saved = vigil::formats::readReviewSidecar(sidecar);
        EXPECT_TRUE(saved.isReviewed(table->events()[1]));
        EXPECT_FALSE(saved.isReviewed(table->events()[0]));
    }
    auto window = analysedWindow();
    EXPECT_FALSE(window->eventsTable()->isReviewed(0));
    EXPECT_TRUE(window->eventsTable()->isReviewed(1));
    std::filesystem::remove(sidecar);
}

TEST(Review, ExportingAnEventCutsItsClipOffTheGuiThread)
{
    auto window = analysedWindow();
    const auto events = window->eventsTable()->events();
    ASSERT_FALSE(events.empty());
    const std::string dir = vigil::test::scratchDir("review_export");
    const QString clip = QString::fromStdString(dir + "/event.mp4");
    ClipExport* exporter = window->eventsPanel()->clipExport();
    QSignalSpy succeeded(exporter, &ClipExport::succeeded);
    QSignalSpy finished(exporter, &ClipExport::finished);
    window->eventsPanel()->exportClip(events.front(), clip);
    EXPECT_TRUE(exporter->isRunning());
    ASSERT_TRUE(finished.wait(30000));
    ASSERT_EQ(succeeded.count(), 1);
    EXPECT_EQ(succeeded.first().first().toString(), clip);
    vigil::media::VideoDecoder decoder(clip.toStdString());
    EXPECT_EQ(decoder.info().codecName, "mpeg4");
    EXPECT_TRUE(decoder.next().has_value());
    EXPECT_FALSE(exporter->isRunning());
}

// A timeline of 400 frames with scores for the first 200 only, as while an analysis runs.
struct PartlyScoredTimeline {
    PartlyScoredTimeline()
        : view(&viewport)
    {
        viewport.setFrameCount(400);
        view.resize(900, 200);
        auto result = std::make_shared<vigil::analysis::AnalysisResult>();
        for (int i = 0; i < 200; ++i)
            result->frameScores.push_back(0.51f + 0.01f * static_cast<float>(i % 2));
        result->windows.push_back({ 0, 1, 0, 99, 0.51f, {}, {} });
        result->windows.push_back({ 2, 3, 100, 199, 0.52f, {}, {} });
        view.setResult(result);
    }
    TimelineViewport viewport;
    TimelineView view;
};

TEST(Review, TimelineHoverSaysTheTimeAndScoreUnderTheCursor)
{
    PartlyScoredTimeline timeline;
    const auto& axis = timeline.view.axis();
    const QString scored = timeline.view.hoverTextAt(axis.xOf(101.5));
    EXPECT_TRUE(scored.contains("0:04.0")) << scored.toStdString(); // frame 101 at 25 fps
    EXPECT_TRUE(scored.contains("frame 101")) << scored.toStdString();
    EXPECT_TRUE(scored.contains("score 0.520")) << scored.toStdString();
    const QString unscored = timeline.view.hoverTextAt(axis.xOf(300.5));
    EXPECT_TRUE(unscored.contains("frame 300")) << unscored.toStdString();
    EXPECT_TRUE(unscored.contains("not scored")) << unscored.toStdString();
}

TEST(Review, TheScoreAxisZoomsAroundFlatScoresAndBack)
{
    PartlyScoredTimeline timeline;
    TimelineView& view = timeline.view;
    const QRectF plot = view.plotRect();
    EXPECT_NEAR(view.yOfScore(0.52) - view.yOfScore(0.51), -0.01 * plot.height(), 1e-9);
    view.fitScoreAxis(true);
    EXPECT_LE(view.scoreAxis().low(), 0.51);
    EXPECT_GE(view.scoreAxis().high(), 0.52);
    EXPECT_LT(view.scoreAxis().high() - view.scoreAxis().low(), 0.05);
    for (double score : { 0.51, 0.52 }) {
        EXPECT_GE(view.yOfScore(score), plot.top());
        EXPECT_LE(view.yOfScore(score), plot.bottom());
    }
    EXPECT_GT(view.yOfScore(0.51) - view.yOfScore(0.52), 0.5 * plot.height())
        << "the two scores are far apart on screen";
    view.fitScoreAxis(false);
    EXPECT_EQ(view.scoreAxis().low(), 0.0);
    EXPECT_EQ(view.scoreAxis().high(), 1.0);

    ScoreAxis axis;
    axis.zoomAround(0.8, 0.5);
    EXPECT_NEAR(axis.high() - axis.low(), 0.5, 1e-12);
    EXPECT_NEAR(axis.scoreAt(axis.yOf(0.8, 0, 100), 0, 100), 0.8, 1e-12);
    EXPECT_NEAR(axis.yOf(0.8, 0, 100), 20.0, 1e-9) << "0.8 stays where it was on screen";
}

TEST(Review, TheTimelineLegendNamesTheFillTheEventsAndTheWindowBoundaries)
{
    PartlyScoredTimeline timeline;
    timeline.view.setThreshold(0.99); // no event shading, no line across the legend's place
    const QStringList labels = timeline.view.legendLabels();
    ASSERT_EQ(labels.size(), 4);
    EXPECT_TRUE(labels[0].contains("fill"));
    EXPECT_TRUE(labels[1].contains("event"));
    EXPECT_TRUE(labels[2].contains("window boundar"));
    EXPECT_TRUE(labels[3].contains("threshold"));
    // The legend box is drawn at the plot's top left, over the empty upper part of the plot.
    const QImage image = timeline.view.grab().toImage();
    const QRectF plot = timeline.view.plotRect();
    const QColor base = timeline.view.palette().color(QPalette::Base);
    int inked = 0;
    for (int y = static_cast<int>(plot.top()) + 8; y < static_cast<int>(plot.top()) + 40; ++y)
        for (int x = static_cast<int>(plot.left()) + 30; x < static_cast<int>(plot.left()) + 150;
             ++x)
            inked += image.pixelColor(x, y) != base;
    EXPECT_GT(inked, 100) << "the legend's text and swatches";
}

} // namespace
