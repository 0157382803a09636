// The main window driven as a person would: keys, mouse drags, the scroll bar, drag and drop,
// Esc to cancel, and results drawn window by window while the analysis runs. Fake networks on
// generated clips; offscreen.

#include "tests/unit/ui/fake_engine.h"
#include "ui/events/events_panel.h"
#include "ui/events/events_table.h"
#include "ui/main/main_window.h"
#include "ui/main/recent_files_menu.h"
#include "ui/main/video_panel.h"
#include "ui/tasks/analysis_runner.h"
#include "ui/timeline/attention_heatmap_view.h"
#include "ui/timeline/attention_thumbnails.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"

#include <QElapsedTimer>
#include <QMimeData>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

namespace {

using namespace vigil::ui;

QString clip400()
{
    return QString::fromStdString(vigil::test::uiClip("window_400.mp4", 400));
}

std::unique_ptr<MainWindow> shownWindow(vigil::ui::AnalysisEngine engine)
{
    auto window = std::make_unique<MainWindow>(std::move(engine));
    window->resize(1400, 880);
    window->show();
    window->activateWindow();
    EXPECT_TRUE(QTest::qWaitForWindowActive(window.get()));
    return window;
}

void openAndWait(MainWindow& window, const QString& path)
{
    QSignalSpy succeeded(&window, &MainWindow::analysisSucceeded);
    window.openVideo(path);
    ASSERT_TRUE(succeeded.wait(60000)) << window.errorText().toStdString();
}

TEST(Interaction, KeysStepFramesAndSnippetsAndToggleplayback)
{
    auto window = shownWindow(vigil::test::fakeEngine(4));
    openAndWait(*window, clip400());
    VideoPanel* video = window->videoPanel();
    window->seek(100);
    QTest::keyClick(window.get(), Qt::Key_Right);
    EXPECT_EQ(video->currentFrame(), 101);
    QTest::keyClick(window.get(), Qt::Key_Left);
    QTest::keyClick(window.get(), Qt::Key_Left);
    EXPECT_EQ(video->currentFrame(), 99);
    QTest::keyClick(window.get(), Qt::Key_Right, Qt::ShiftModifier);
    EXPECT_EQ(video->currentFrame(), 115);
    QTest::keyClick(window.get(), Qt::Key_Left, Qt::ShiftModifier);
    EXPECT_EQ(video->currentFrame(), 99);
    QTest::keyClick(window.get(), Qt::Key_End);
    EXPECT_EQ(video->currentFrame(), 399);
    QTest::keyClick(window.get(), Qt::Key_Home);
    EXPECT_EQ(video->currentFrame(), 0);
    QTest::keyClick(window.get(), Qt::Key_Space);
    EXPECT_TRUE(video->isPlaying());
    QTest::qWait(300);
    QTest::keyClick(window.get(), Qt::Key_Space);
    EXPECT_FALSE(video->isPlaying());
    EXPECT_GT(video->currentFrame(), 0);
}

TEST(Interaction, NextAndPreviousEventJumpToTheEventStarts)
{
    auto window = shownWindow(vigil::test::fakeEngine(4));
    openAndWait(*window, clip400());
    const std::vector<vigil::analysis::ScoreEvent>& events = window->eventsTable()->events();
    ASSERT_GE(events.size(), 2u);
    window->seek(events[0].firstFrame);
    QTest::keyClick(window.get(), Qt::Key_PageDown);
    EXPECT_EQ(window->videoPanel()->currentFrame(), events[1].firstFrame);
    QTest::keyClick(window.get(), Qt::Key_PageUp);
    EXPECT_EQ(window->videoPanel()->currentFrame(), events[0].firstFrame);
}

TEST(Interaction, DraggingTheThresholdLineChangesTheEventsList)
{
    auto window = shownWindow(vigil::test::fakeEngine(4));
    openAndWait(*window, clip400());
    TimelineView* timeline = window->timelinePanel()->timeline();
    EXPECT_DOUBLE_EQ(timeline->threshold(), 0.5);
    const int before = window->eventsTable()->rowCount();
    const int x = static_cast<int>(timeline->axis().xOf(200));
    QTest::mousePress(timeline, Qt::LeftButton, {}, QPoint(x, qRound(timeline->yOfScore(0.5))));
    QTest::mouseMove(timeline, QPoint(x, qRound(timeline->yOfScore(0.7))));
    QTest::mouseMove(timeline, QPoint(x, qRound(timeline->yOfScore(0.02))));
    QTest::mouseRelease(timeline, Qt::LeftButton, {}, QPoint(x, qRound(timeline->yOfScore(0.02))));
    EXPECT_NEAR(timeline->threshold(), 0.02, 0.011);
    EXPECT_EQ(window->eventsTable()->rowCount(), 1); // every fake score is above 0.05
    EXPECT_NE(window->eventsTable()->rowCount(), before);
    EXPECT_EQ(window->videoPanel()->currentFrame(), 0); // a threshold drag does not seek
}

TEST(Interaction, ClickingAnEventSeeksToItsStart)
{
    auto window = shownWindow(vigil::test::fakeEngine(4));
    openAndWait(*window, clip400());
    EventsTable* table = window->eventsTable();
    ASSERT_GE(table->rowCount(), 2);
    const QRect cell = table->visualItemRect(table->item(1, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    EXPECT_EQ(window->videoPanel()->currentFrame(), table->events()[1].firstFrame);
}

TEST(Interaction, WheelZoomsAroundTheCursorAndTheScrollBarPans)
{
    auto window = shownWindow(vigil::test::fakeEngine(4));
    openAndWait(*window, clip400());
    TimelinePanel* panel = window->timelinePanel();
    TimelineView* timeline = panel->timeline();
    const QPoint cursor(static_cast<int>(timeline->axis().xOf(100.0)), 40);
    QWheelEvent wheel(cursor, timeline->mapToGlobal(cursor), {}, QPoint(0, 360), Qt::NoButton,
        Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(timeline, &wheel);
    EXPECT_LT(panel->viewport()->visibleFrames(), 400.0);
    EXPECT_NEAR(timeline->axis().frameAt(cursor.x()), 100.0, 0.5);
    QScrollBar* bar = panel->scrollBar();
    ASSERT_TRUE(bar->isEnabled());
    bar->setValue(bar->maximum());
    EXPECT_NEAR(panel->viewport()->firstFrame() + panel->viewport()->visibleFrames(), 400.0, 1.0);
    QTest::keyClick(window.get(), Qt::Key_F); // View > Fit timeline
    EXPECT_DOUBLE_EQ(panel->viewport()->visibleFrames(), 400.0);
    EXPECT_FALSE(bar->isEnabled());
}

TEST(Interaction, DroppingAFileOpensIt)
{
    auto window = shownWindow(vigil::test::fakeEngine(4));
    QMimeData data;
    data.setUrls({ QUrl::fromLocalFile(clip400()) });
    QSignalSpy succeeded(window.get(), &MainWindow::analysisSucceeded);
    QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &data, Qt::LeftButton, {});
    QApplication::sendEvent(window.get(), &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &data, Qt::LeftButton, {});
    QApplication::sendEvent(window.get(), &drop);
    EXPECT_EQ(window->videoPath(), clip400());
    ASSERT_TRUE(succeeded.wait(60000));
    EXPECT_EQ(RecentFilesMenu().files().value(0), clip400());
}

TEST(Interaction, ResultsAppearWindowByWindowAndTheVideoStaysWatchable)
{
    // 60 ms a snippet: about 12 s for 3200 frames, so the checks run mid-analysis.
    auto window = shownWindow(vigil::test::fakeEngine(4, std::chrono::milliseconds(60)));
    window->openVideo(QString::fromStdString(vigil::test::uiClip("runner_cancel.mp4", 3200)));
    QSignalSpy partial(window->runner(), &AnalysisRunner::windowsScored);
    ASSERT_TRUE(partial.wait(10000));
    QTest::qWait(50);
    ASSERT_TRUE(window->shownResult());
    EXPECT_FALSE(window->result());
    EXPECT_GT(window->shownResult()->windows.size(), 0u);
    EXPECT_EQ(window->timelinePanel()->heatmap()->index().rows(), 2);
    EXPECT_LT(window->timelinePanel()->heatmap()->index().steps(), 200); // not all 200 yet
    window->seek(40);
    EXPECT_EQ(window->videoPanel()->currentFrame(), 40);
    EXPECT_FALSE(window->thumbnails()->picks().empty());
    QTest::keyClick(window.get(), Qt::Key_Right);
    EXPECT_EQ(window->videoPanel()->currentFrame(), 41);
    TimelineView* timeline = window->timelinePanel()->timeline();
    EXPECT_EQ(timeline->scoringState(), ScoringState::Running);
    // The long progress line is elided: it never makes the window wider than a 1024 px screen.
    EXPECT_LE(window->minimumSizeHint().width(), 1024);
    EXPECT_LE(window->minimumSize().width(), 1024);
    EXPECT_TRUE(window->eventsPanel()->incompleteText().contains(QStringLiteral("so far")))
        << window->eventsPanel()->incompleteText().toStdString();

    QSignalSpy finished(window->runner(), &AnalysisRunner::finished);
    QElapsedTimer clock;
    clock.start();
    QTest::keyClick(window.get(), Qt::Key_Escape);
    ASSERT_TRUE(finished.wait(5000));
    EXPECT_LT(clock.elapsed(), 1000);
    EXPECT_FALSE(window->runner()->isRunning());
    // What was never scored says so, in the timeline and over the events list.
    EXPECT_EQ(timeline->scoringState(), ScoringState::Cancelled);
    EXPECT_EQ(unscoredNote(ScoringState::Cancelled),
        QStringLiteral("not scored: the analysis was cancelled"));
    EXPECT_TRUE(window->eventsPanel()->incompleteText().contains(QStringLiteral("cancelled")))
        << window->eventsPanel()->incompleteText().toStdString();
    const QImage image = timeline->grab().toImage();
    const QRectF plot = timeline->plotRect();
    const double tailX
        = timeline->axis().xOf(static_cast<double>(window->shownResult()->frameScores.size()));
    ASSERT_LT(tailX + 20, plot.right());
    int marked = 0; // the hatch: pixels off the background right of the last scored frame
    const QColor base = timeline->palette().color(QPalette::Base);
    for (int x = static_cast<int>(tailX) + 4; x < static_cast<int>(tailX) + 20; ++x)
        for (int y = static_cast<int>(plot.top()) + 2; y < static_cast<int>(plot.top()) + 20; ++y)
            marked += image.pixelColor(x, y) != base ? 1 : 0;
    EXPECT_GT(marked, 20) << "the unscored stretch is hatched";
    window->seek(1000); // still usable after the cancel
    EXPECT_EQ(window->videoPanel()->currentFrame(), 1000);
}

// Issue 37 item 8: after Esc before the first window, the empty events list says nothing was
// scored and how to score it, instead of promising events that will never come.
TEST(Interaction, AnAnalysisCancelledBeforeItsFirstWindowListsNoEventsAndSaysWhy)
{
    auto window = shownWindow(vigil::test::fakeEngine(4, std::chrono::milliseconds(400)));
    EventsTable* table = window->eventsPanel()->table();
    window->openVideo(QString::fromStdString(vigil::test::uiClip("runner_cancel.mp4", 3200)));
    EXPECT_TRUE(table->emptyText().startsWith(QStringLiteral("Events appear here")))
        << table->emptyText().toStdString();
    QSignalSpy finished(window->runner(), &AnalysisRunner::finished);
    QTest::keyClick(window.get(), Qt::Key_Escape);
    ASSERT_TRUE(finished.wait(5000));
    ASSERT_FALSE(window->shownResult()) << "a window was scored before Esc: too fast to test";
    EXPECT_EQ(table->rowCount(), 0);
    EXPECT_TRUE(
        table->emptyText().startsWith(QStringLiteral("Not scored: the analysis was cancelled")))
        << table->emptyText().toStdString();
    EXPECT_TRUE(table->emptyText().contains(QStringLiteral("F5")))
        << table->emptyText().toStdString();
}

TEST(Interaction, ThumbnailsShowTheFrameEachRowWeighsMostAndSeekThere)
{
    auto window = shownWindow(vigil::test::fakeEngine(4));
    openAndWait(*window, clip400());
    window->seek(70); // window 1: snippets 4-7
    AttentionThumbnails* thumbnails = window->thumbnails();
    const auto& picks = thumbnails->picks();
    ASSERT_EQ(picks.size(), 2u);
    const vigil::analysis::WindowResult& shown = window->result()->windows[1];
    for (const AttentionThumbnails::Pick& pick : picks) {
        SCOPED_TRACE(pick.row);
        EXPECT_GE(pick.step, shown.firstStep);
        EXPECT_LE(pick.step, shown.lastStep);
        const auto& row = shown.attention.values;
        const auto steps = shown.attention.dim(1);
        const float best = *std::max_element(
            row.begin() + pick.row * steps, row.begin() + (pick.row + 1) * steps);
        EXPECT_FLOAT_EQ(pick.weight, best);
        EXPECT_EQ(pick.frame, pick.step * 16 + 8);
    }
    for (int i = 0;
         i < 100 && !(thumbnails->hasImage(picks[0].frame) && thumbnails->hasImage(picks[1].frame));
         ++i)
        QTest::qWait(50);
    EXPECT_TRUE(thumbnails->hasImage(picks[0].frame));
    EXPECT_TRUE(thumbnails->hasImage(picks[1].frame));
    const int64_t target = picks[1].frame;
    const QPoint second(thumbnails->width() * 3 / 4, thumbnails->height() / 2);
    QTest::mouseClick(thumbnails, Qt::LeftButton, {}, second);
    EXPECT_EQ(window->videoPanel()->currentFrame(), target);
}

} // namespace
