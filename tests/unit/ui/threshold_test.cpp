// One event threshold (issue 12): the red line dragged on the timeline, the box typed into next
// to the events, the Settings dialog's and the batch dialog's are the same saved setting, so the
// events list and the batch summary count the same events for the same file.

#include "tests/support/test_paths.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/batch/batch_dialog.h"
#include "ui/batch/batch_table_model.h"
#include "ui/events/events_panel.h"
#include "ui/events/events_table.h"
#include "ui/main/app_settings.h"
#include "ui/main/main_window.h"
#include "ui/timeline/event_threshold.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"

#include "core/batch/video_figures.h"

#include <QDoubleSpinBox>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

#include <filesystem>

namespace {

using namespace vigil::ui;

double savedThreshold()
{
    QSettings store;
    return AppSettings::load(store).threshold;
}

// A fresh settings folder per test: only Settings saves the default threshold.
class OneThreshold : public ::testing::Test {
protected:
    void SetUp() override
    {
        const QString dir = QString::fromStdString(vigil::test::scratchDir("ui_threshold"));
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir);
        QSettings().clear();
        window_ = std::make_unique<MainWindow>(vigil::test::fakeEngine(4));
        window_->resize(1400, 880);
        window_->show();
    }
    void TearDown() override
    {
        window_.reset();
        QSettings().clear();
    }

    void openAndWait(const QString& path)
    {
        QSignalSpy succeeded(window_.get(), &MainWindow::analysisSucceeded);
        window_->openVideo(path);
        ASSERT_TRUE(succeeded.wait(60000)) << window_->errorText().toStdString();
    }

    // The events the list shows are those of the shown scores at the threshold.
    void expectEventsAt(double threshold, double savedDefault = vigil::defaults::kThreshold)
    {
        EXPECT_DOUBLE_EQ(window_->timelinePanel()->timeline()->threshold(), threshold);
        EXPECT_DOUBLE_EQ(window_->eventsPanel()->thresholdBox()->value(), threshold);
        EXPECT_DOUBLE_EQ(savedThreshold(), savedDefault);
        ASSERT_TRUE(window_->result());
        EXPECT_EQ(static_cast<size_t>(window_->eventsTable()->rowCount()),
            vigil::analysis::findEvents(window_->result()->frameScores, threshold).size());
    }

    std::unique_ptr<MainWindow> window_;
};

QString clip400()
{
    return QString::fromStdString(vigil::test::uiClip("window_400.mp4", 400));
}

// Dragging is a view setting of the video shown: the saved default stays, a new window and the
// next video start from it.
TEST_F(OneThreshold, DraggingTheLineMovesTheTypedBoxAndLeavesTheDefault)
{
    openAndWait(clip400());
    TimelineView* timeline = window_->timelinePanel()->timeline();
    const int x = static_cast<int>(timeline->axis().xOf(200));
    QTest::mousePress(timeline, Qt::LeftButton, {}, QPoint(x, qRound(timeline->yOfScore(0.5))));
    QTest::mouseMove(timeline, QPoint(x, qRound(timeline->yOfScore(0.75))));
    QTest::mouseRelease(timeline, Qt::LeftButton, {}, QPoint(x, qRound(timeline->yOfScore(0.75))));
    EXPECT_NEAR(timeline->threshold(), 0.75, 0.011);
    expectEventsAt(timeline->threshold());
    EXPECT_DOUBLE_EQ(
        MainWindow(vigil::test::fakeEngine(4)).timelinePanel()->timeline()->threshold(),
        vigil::defaults::kThreshold);

    openAndWait(QString::fromStdString(vigil::test::uiClip("window_200.mp4", 200)));
    expectEventsAt(vigil::defaults::kThreshold);
}

TEST_F(OneThreshold, TypingTheThresholdMovesTheLineAndTheEvents)
{
    openAndWait(clip400());
    QDoubleSpinBox* box = window_->eventsPanel()->thresholdBox();
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("0.8"));
    QTest::keyClick(box, Qt::Key_Return);
    expectEventsAt(0.8);
    EXPECT_EQ(window_->eventsTable()->rowCount(), 1); // only the last window scores above 0.8
}

TEST_F(OneThreshold, ChangingItInSettingsMovesTheLineAndTheBoxAndSavesIt)
{
    openAndWait(clip400());
    AppSettings settings;
    settings.threshold = 0.65;
    window_->applySettings(settings);
    expectEventsAt(0.65, 0.65);
    openAndWait(QString::fromStdString(vigil::test::uiClip("window_200.mp4", 200)));
    expectEventsAt(0.65, 0.65); // the next video starts from the new default
}

TEST_F(OneThreshold, TheBatchSummaryCountsTheEventsTheListShows)
{
    namespace fs = std::filesystem;
    const std::string dir = vigil::test::scratchDir("ui_threshold_batch");
    fs::copy_file(clip400().toStdString(), dir + "/clip.mp4");
    openAndWait(QString::fromStdString(dir + "/clip.mp4"));
    const auto& scores = window_->result()->frameScores;
    // A threshold where the batch's old default (0.5) would count other events.
    ASSERT_NE(vigil::batch::countEvents(scores, 0.75), vigil::batch::countEvents(scores, 0.5));
    window_->timelinePanel()->timeline()->setThreshold(0.75);

    BatchDialog* dialog = window_->batchDialog();
    BatchJobSettings chosen = dialog->settings();
    EXPECT_DOUBLE_EQ(chosen.threshold, 0.75);
    chosen.inputDir = QString::fromStdString(dir);
    chosen.outputDir = QString::fromStdString(dir + "-out");
    dialog->setSettings(chosen);
    QSignalSpy finished(dialog, &BatchDialog::batchFinished);
    dialog->start();
    ASSERT_TRUE(finished.wait(120000)) << dialog->statusText().toStdString();
    ASSERT_EQ(dialog->tableModel()->rowCount(), 1);
    const BatchFileResult& row = dialog->tableModel()->resultAt(0);
    ASSERT_TRUE(row.row.figures) << row.row.message;
    EXPECT_EQ(row.row.figures->events, window_->eventsTable()->rowCount());
    // Both ways: the batch dialog's box is the same setting.
    dialog->setSettings([&] {
        BatchJobSettings lower = chosen;
        lower.threshold = 0.3;
        return lower;
    }());
    EXPECT_DOUBLE_EQ(window_->timelinePanel()->timeline()->threshold(), 0.3);
    EXPECT_DOUBLE_EQ(savedThreshold(), vigil::defaults::kThreshold); // a view setting too
}

} // namespace
