// The whole window with fake networks on a generated clip: opening fills the views, clicking the
// timeline moves the video, the threshold drives the events list, errors show in the window and
// never under the previous video's results, Analyse again keeps them until new networks load.
// One test saves a screenshot under the build tree for people to look at.

#include "tests/support/test_locations.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/batch/batch_dialog.h"
#include "ui/common/fitted_status_bar.h"
#include "ui/events/events_table.h"
#include "ui/explain/explain_panel.h"
#include "ui/explain/window_detail_view.h"
#include "ui/main/main_window.h"
#include "ui/main/video_panel.h"
#include "ui/models/model_status_widget.h"
#include "ui/tasks/analysis_runner.h"
#include "ui/timeline/attention_heatmap_view.h"
#include "ui/timeline/attention_thumbnails.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/timeline/timeline_viewport.h"

#include <QAction>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

namespace {

using namespace vigil::ui;

// 400 frames: 24 snippets, 6 windows of 4.
class MainWindowTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        window_ = std::make_unique<MainWindow>(vigil::test::fakeEngine(4));
        window_->resize(1400, 880);
        window_->show();
    }

    void openAndWait()
    {
        QSignalSpy succeeded(window_.get(), &MainWindow::analysisSucceeded);
        window_->openVideo(QString::fromStdString(vigil::test::uiClip("window_400.mp4", 400)));
        ASSERT_TRUE(succeeded.wait(60000)) << window_->errorText().toStdString();
    }

    std::unique_ptr<MainWindow> window_;
};

TEST_F(MainWindowTest, OpeningAClipFillsTheTimelineHeatmapsAndEvents)
{
    openAndWait();
    ASSERT_TRUE(window_->result());
    EXPECT_EQ(window_->result()->frameScores.size(), 400u);
    EXPECT_EQ(window_->timelinePanel()->viewport()->frameCount(), 400);
    EXPECT_EQ(window_->timelinePanel()->heatmap()->index().rows(), 2);
    EXPECT_GT(window_->eventsTable()->rowCount(), 0);
    EXPECT_EQ(window_->windowDetail()->currentWindow(), 0);
    EXPECT_TRUE(window_->modelStatus()->isDemoBadgeShown());
    EXPECT_TRUE(window_->modelStatus()->text().contains(QStringLiteral("r=2")));
}

TEST_F(MainWindowTest, ClickingTheTimelineMovesTheVideoToThatFrame)
{
    openAndWait();
    TimelineView* timeline = window_->timelinePanel()->timeline();
    const FrameAxis axis = timeline->axis();
    const QImage before = window_->videoPanel()->currentImage();
    QTest::mouseClick(timeline, Qt::LeftButton, {},
        QPoint(static_cast<int>(axis.xOf(300.5)), static_cast<int>(timeline->yOfScore(0.95))));
    EXPECT_EQ(window_->videoPanel()->currentFrame(), 300);
    EXPECT_EQ(timeline->playheadFrame(), 300);
    EXPECT_EQ(window_->windowDetail()->currentWindow(), 300 / 16 / 4);
    EXPECT_NE(window_->videoPanel()->currentImage(), before);
    // Frame-accurate: stepping back one frame from a seek equals seeking there directly.
    window_->videoPanel()->stepFrames(-1);
    const QImage stepped = window_->videoPanel()->currentImage();
    window_->seek(0);
    window_->seek(299);
    EXPECT_EQ(window_->videoPanel()->currentImage(), stepped);
}

TEST_F(MainWindowTest, RaisingTheThresholdShrinksTheEventsList)
{
    openAndWait();
    TimelineView* timeline = window_->timelinePanel()->timeline();
    timeline->setThreshold(0.0);
    EXPECT_EQ(window_->eventsTable()->rowCount(), 1);
    timeline->setThreshold(1.0);
    EXPECT_EQ(window_->eventsTable()->rowCount(), 0);
    timeline->setThreshold(0.5);
    EXPECT_EQ(static_cast<size_t>(window_->eventsTable()->rowCount()),
        vigil::analysis::findEvents(window_->result()->frameScores, 0.5).size());
}

std::string notAVideo()
{
    const std::string path = vigil::test::scratchDir("ui_not_a_video") + "/not_a_video.mp4";
    std::FILE* file = std::fopen(path.c_str(), "w");
    EXPECT_TRUE(file);
    std::fputs("this is not a video", file);
    std::fclose(file);
    return path;
}

TEST_F(MainWindowTest, AnUnreadableFileShowsAnErrorInTheWindow)
{
    const std::string path = notAVideo();
    QSignalSpy failed(window_.get(), &MainWindow::analysisFailed);
    window_->openVideo(QString::fromStdString(path));
    EXPECT_EQ(failed.count(), 1);
    EXPECT_TRUE(window_->errorText().contains(QStringLiteral("not_a_video.mp4")));
    EXPECT_FALSE(window_->runner()->isRunning());
}

TEST_F(MainWindowTest, AFailedOpenClearsThePreviousVideosResults)
{
    openAndWait();
    window_->seek(200);
    ASSERT_GT(window_->eventsTable()->rowCount(), 0);
    ASSERT_GE(window_->windowDetail()->currentWindow(), 0);
    ASSERT_TRUE(window_->explainPanel()->explanation());
    window_->openVideo(QString::fromStdString(notAVideo()));
    EXPECT_TRUE(window_->errorText().contains(QStringLiteral("not_a_video.mp4")));
    EXPECT_FALSE(window_->result());
    EXPECT_FALSE(window_->shownResult());
    EXPECT_TRUE(window_->videoPath().isEmpty());
    EXPECT_EQ(window_->windowTitle(), QStringLiteral("Vigil"));
    EXPECT_EQ(window_->timelinePanel()->viewport()->frameCount(), 0);
    EXPECT_EQ(window_->timelinePanel()->heatmap()->index().rows(), 0);
    EXPECT_EQ(window_->eventsTable()->rowCount(), 0);
    EXPECT_EQ(window_->windowDetail()->currentWindow(), -1);
    EXPECT_TRUE(window_->thumbnails()->picks().empty());
    EXPECT_FALSE(window_->explainPanel()->explanation());
    EXPECT_EQ(window_->explainPanel()->currentWindow(), -1);
}

// F5 as a person presses it: the window must be active for its shortcut.
void pressAnalyseAgain(MainWindow& window)
{
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_F5);
}

TEST_F(MainWindowTest, AnalyseAgainKeepsTheResultsUntilTheNewNetworksHaveLoaded)
{
    openAndWait();
    const ResultPointer old = window_->result();
    const int events = window_->eventsTable()->rowCount();
    window_->runner()->setEngine(AnalysisEngine {}); // as new settings do: networks to load
    bool wereOldResultsShown = false;
    window_->setEngineSource([&](QWidget*) -> std::optional<AnalysisEngine> {
        wereOldResultsShown = window_->shownResult() == old
            && window_->eventsTable()->rowCount() == events
            && window_->timelinePanel()->heatmap()->index().rows() == 2;
        return vigil::test::fakeEngine(4);
    });
    QSignalSpy succeeded(window_.get(), &MainWindow::analysisSucceeded);
    pressAnalyseAgain(*window_);
    EXPECT_TRUE(wereOldResultsShown);
    ASSERT_TRUE(succeeded.wait(60000)) << window_->errorText().toStdString();
    ASSERT_TRUE(window_->result());
    EXPECT_NE(window_->result(), old);
    EXPECT_EQ(window_->result()->frameScores, old->frameScores);
}

TEST_F(MainWindowTest, AnalyseAgainKeepsTheOldResultsWhenTheNetworksCannotLoad)
{
    openAndWait();
    const ResultPointer old = window_->result();
    const int events = window_->eventsTable()->rowCount();
    window_->runner()->setEngine(AnalysisEngine {});
    window_->setEngineSource([](QWidget*) { return std::optional<AnalysisEngine>(); });
    QSignalSpy started(window_->runner(), &AnalysisRunner::started);
    pressAnalyseAgain(*window_);
    EXPECT_EQ(window_->result(), old);
    EXPECT_EQ(window_->shownResult(), old);
    EXPECT_EQ(window_->eventsTable()->rowCount(), events);
    EXPECT_EQ(window_->timelinePanel()->heatmap()->index().rows(), 2);
    EXPECT_TRUE(window_->errorText().contains(QStringLiteral("previous analysis")))
        << window_->errorText().toStdString();
    EXPECT_EQ(started.count(), 0);
}

// One copy of the networks: the batch loads them through the window, which then analyses with
// the same engine instead of asking (and loading) again.
TEST_F(MainWindowTest, TheBatchAndTheWindowShareOneLoadOfTheNetworks)
{
    window_->runner()->setEngine(AnalysisEngine {});
    int loads = 0;
    window_->setEngineSource([&](QWidget*) -> std::optional<AnalysisEngine> {
        ++loads;
        return vigil::test::fakeEngine(4);
    });
    const std::string dir = vigil::test::scratchDir("ui_batch_shared_engine");
    std::filesystem::copy_file(vigil::test::uiClip("window_400.mp4", 400), dir + "/clip.mp4",
        std::filesystem::copy_options::overwrite_existing);
    BatchDialog* dialog = window_->batchDialog();
    BatchJobSettings chosen = dialog->settings();
    chosen.inputDir = QString::fromStdString(dir);
    chosen.outputDir = QString::fromStdString(dir + "-out");
    dialog->setSettings(chosen);
    QSignalSpy finished(dialog, &BatchDialog::batchFinished);
    dialog->start();
    ASSERT_TRUE(finished.wait(120000)) << dialog->statusText().toStdString();
    EXPECT_EQ(loads, 1);
    const auto batchEngine = window_->runner()->engine().engine;
    ASSERT_TRUE(batchEngine);
    openAndWait();
    EXPECT_EQ(loads, 1);
    EXPECT_EQ(window_->runner()->engine().engine, batchEngine);
}

QAction* menuAction(MainWindow& window, const QString& text)
{
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text() == text)
            return action;
    return nullptr;
}

// The whole status message, as said (the bar may end it in "…" at the test's window width).
QString shownMessage(const MainWindow& window)
{
    return qobject_cast<const FittedStatusBar*>(window.statusBar())->fullMessage();
}

// Keys and menu items that cannot act say why in the status bar instead of doing nothing.
TEST_F(MainWindowTest, PageDownAtTheLastEventAndAnExportWithoutEventsSayWhy)
{
    openAndWait();
    ASSERT_FALSE(window_->eventsTable()->events().empty());
    window_->seek(window_->eventsTable()->events().back().lastFrame);
    window_->activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(window_.get()));
    QTest::keyClick(window_.get(), Qt::Key_PageDown);
    EXPECT_TRUE(shownMessage(*window_).startsWith(QStringLiteral("No later event")))
        << shownMessage(*window_).toStdString();
    QAction* peak
        = menuAction(*window_, QStringLiteral("&Peak frame of the current event as PNG…"));
    ASSERT_TRUE(peak);
    ASSERT_TRUE(menuAction(*window_, QStringLiteral("&Clip of the current event…")));
    window_->timelinePanel()->timeline()->setThreshold(1.0);
    ASSERT_TRUE(window_->eventsTable()->events().empty());
    peak->trigger();
    EXPECT_EQ(shownMessage(*window_), QStringLiteral("No event to export at this threshold"));
}

TEST_F(MainWindowTest, RendersTheAnalysedWindowToAPng)
{
    openAndWait();
    window_->seek(200);
    QTest::qWait(50);
    const std::filesystem::path dir
        = std::filesystem::path(vigil::test::binaryDir()) / "ui-screenshots";
    std::filesystem::create_directories(dir);
    const QString path = QString::fromStdString((dir / "main_window.png").string());
    ASSERT_TRUE(window_->grab().save(path, "PNG"));
    std::printf("main window screenshot: %s\n", path.toStdString().c_str());
}

} // namespace
