// The batch dialog on a folder of generated clips, a broken video and a text file, with fake
// networks: the table fills as files finish, sorts by max score, the summary is written and
// exported, Cancel and closing stop a running batch, and double-clicking a row opens the video in
// the main window with its saved results at its highest score, without analysing it again.

#include "tests/support/test_locations.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/batch/batch_dialog.h"
#include "ui/batch/batch_job.h"
#include "ui/batch/batch_table_model.h"
#include "ui/main/main_window.h"
#include "ui/main/video_panel.h"
#include "ui/tasks/analysis_runner.h"

#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using namespace vigil::ui;
namespace fs = std::filesystem;

// clips/a.mp4 (100 frames), clips/b.mp4 (140), clips/sub/c.mp4 (120), broken.mp4, notes.txt.
std::string makeFolder(const std::string& name)
{
    const std::string dir = vigil::test::scratchDir(name);
    fs::create_directories(dir + "/sub");
    vigil::test::makeClip(dir + "/a.mp4", "testsrc2=size=96x72:rate=25", 100, "-c:v mpeg4 -q:v 2");
    vigil::test::makeClip(dir + "/b.mp4", "testsrc2=size=96x72:rate=25", 140, "-c:v mpeg4 -q:v 2");
    vigil::test::makeClip(
        dir + "/sub/c.mp4", "testsrc2=size=96x72:rate=25", 120, "-c:v mpeg4 -q:v 2");
    std::ofstream(dir + "/broken.mp4") << "not really a video";
    std::ofstream(dir + "/notes.txt") << "hello";
    return dir;
}

BatchJobSettings settingsFor(const std::string& dir, bool isRecursive)
{
    BatchJobSettings settings;
    settings.inputDir = QString::fromStdString(dir);
    settings.outputDir = QString::fromStdString(dir + "-out");
    settings.isRecursive = isRecursive;
    settings.threshold = 0.5;
    return settings;
}

QString statusOf(const BatchTableModel& model, const std::string& name)
{
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.resultAt(row).row.relativePath == name)
            return model.data(model.index(row, BatchTableModel::Status), Qt::DisplayRole)
                .toString();
    return QStringLiteral("(missing)");
}

TEST(BatchDialog, RunsAFolderFillsTheTableAndWritesTheSummary)
{
    const std::string dir = makeFolder("batch_dialog_run");
    BatchDialog dialog(
        [](QWidget*) { return std::optional<AnalysisEngine>(vigil::test::fakeEngine(4)); });
    dialog.setSettings(settingsFor(dir, true));
    dialog.show();
    QSignalSpy finished(&dialog, &BatchDialog::batchFinished);
    QSignalSpy rowsAdded(dialog.tableModel(), &QAbstractItemModel::rowsInserted);
    dialog.start();
    EXPECT_TRUE(dialog.isRunning());
    ASSERT_TRUE(finished.wait(120000));
    EXPECT_FALSE(dialog.isRunning());
    EXPECT_EQ(rowsAdded.count(), 5); // one insert per finished file: the table fills as they finish
    const BatchTableModel& model = *dialog.tableModel();
    ASSERT_EQ(model.rowCount(), 5);
    EXPECT_EQ(statusOf(model, "a.mp4"), QStringLiteral("ok"));
    EXPECT_EQ(statusOf(model, "sub/c.mp4"), QStringLiteral("ok"));
    EXPECT_EQ(statusOf(model, "broken.mp4"), QStringLiteral("failed"));
    EXPECT_EQ(statusOf(model, "notes.txt"), QStringLiteral("skipped"));
    // Each analysed row says which weights scored it (the fake networks: DEMO).
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.resultAt(row).row.status == vigil::batch::FileStatus::Ok)
            EXPECT_EQ(model.index(row, BatchTableModel::Weights).data().toString(),
                QStringLiteral("classifier: DEMO · backbone: DEMO"));
    EXPECT_TRUE(dialog.statusText().contains(QStringLiteral("3 analysed, 1 failed, 1 skipped")))
        << dialog.statusText().toStdString();
    EXPECT_TRUE(fs::exists(dir + "-out/sub/c.vigil.json"));
    ASSERT_TRUE(fs::exists(dialog.summaryPath().toStdString()));

    // Sorted by max score, highest first (numerically), then by name.
    QSortFilterProxyModel* sorted = dialog.sortedModel();
    dialog.table()->sortByColumn(BatchTableModel::MaxScore, Qt::DescendingOrder);
    for (int row = 1; row < sorted->rowCount(); ++row)
        EXPECT_GE(sorted->index(row - 1, BatchTableModel::MaxScore)
                      .data(BatchTableModel::SortRole)
                      .toDouble(),
            sorted->index(row, BatchTableModel::MaxScore)
                .data(BatchTableModel::SortRole)
                .toDouble());
    dialog.table()->sortByColumn(BatchTableModel::Name, Qt::AscendingOrder);
    EXPECT_EQ(sorted->index(0, BatchTableModel::Name).data().toString(), QStringLiteral("a.mp4"));
    dialog.table()->sortByColumn(BatchTableModel::Status, Qt::AscendingOrder);
    EXPECT_EQ(
        sorted->index(0, BatchTableModel::Status).data().toString(), QStringLiteral("failed"));

    // For people to look at: build/ui-screenshots/batch-dialog.png.
    const std::string shots = vigil::test::binaryDir() + "/ui-screenshots";
    fs::create_directories(shots);
    dialog.table()->sortByColumn(BatchTableModel::MaxScore, Qt::DescendingOrder);
    EXPECT_TRUE(dialog.grab().save(QString::fromStdString(shots + "/batch-dialog.png")));

    const QString exported = QString::fromStdString(dir + "-out/exported.csv");
    ASSERT_TRUE(dialog.writeSummaryCsv(exported).isEmpty());
    std::ifstream in(exported.toStdString());
    std::string header;
    std::getline(in, header);
    EXPECT_EQ(header,
        "path,status,message,frames,duration_s,max_score,max_score_time_s,events,seconds,weights,"
        "detector_peaks");
    int lines = 0;
    for (std::string line; std::getline(in, line);)
        ++lines;
    EXPECT_EQ(lines, 5);
}

// As `vigil batch --jobs 0`: five files on an engine given two cores run two at a time on one
// core each, and the dialog says so while they run.
TEST(BatchDialog, FiveFilesOnTwoCoresRunTwoAtATimeAndTheDialogSaysSo)
{
    const std::string dir = makeFolder("batch_dialog_jobs");
    BatchDialog dialog([](QWidget*) {
        return std::optional<AnalysisEngine>(
            vigil::test::fakeEngine(4, std::chrono::milliseconds(80), 2));
    });
    dialog.setSettings(settingsFor(dir, true));
    QSignalSpy finished(&dialog, &BatchDialog::batchFinished);
    dialog.start();
    QTRY_VERIFY_WITH_TIMEOUT(dialog.statusText().contains(
                                 QStringLiteral("5 files to look at · 2 at a time, 1 core each")),
        30000);
    dialog.cancel();
    ASSERT_TRUE(finished.wait(60000));
    EXPECT_TRUE(dialog.statusText().contains(QStringLiteral(" · 2 at a time, 1 core each")))
        << dialog.statusText().toStdString(); // still said once it ended

    BatchJob job;
    QSignalSpy chosen(&job, &BatchJob::jobsChosen);
    QSignalSpy done(&job, &BatchJob::finished);
    job.start(settingsFor(makeFolder("batch_jobs_four"), false), vigil::test::fakeEngine(4, {}, 2));
    ASSERT_TRUE(done.wait(60000));
    ASSERT_EQ(chosen.count(), 1); // a, b, broken, notes: four files, two per core
    EXPECT_EQ(chosen.at(0).at(0).toInt(), 2);
    EXPECT_EQ(chosen.at(0).at(1).toInt(), 1);
}

TEST(BatchDialog, CancelStopsTheBatchAndKeepsWhatFinished)
{
    const std::string dir = makeFolder("batch_dialog_cancel");
    BatchDialog dialog([](QWidget*) {
        return std::optional<AnalysisEngine>(
            vigil::test::fakeEngine(4, std::chrono::milliseconds(80)));
    });
    dialog.setSettings(settingsFor(dir, true));
    QSignalSpy finished(&dialog, &BatchDialog::batchFinished);
    dialog.start();
    QTRY_VERIFY_WITH_TIMEOUT(dialog.tableModel()->rowCount() >= 1, 30000);
    ASSERT_TRUE(dialog.isRunning());
    dialog.cancel();
    ASSERT_TRUE(finished.wait(30000));
    EXPECT_FALSE(dialog.isRunning());
    EXPECT_TRUE(dialog.statusText().startsWith(QStringLiteral("Cancelled")))
        << dialog.statusText().toStdString();
    EXPECT_LT(dialog.tableModel()->rowCount(), 5); // the unreached files never finished
    std::ifstream summary(dialog.summaryPath().toStdString());
    std::string text((std::istreambuf_iterator<char>(summary)), {});
    EXPECT_NE(text.find("not reached"), std::string::npos) << text;
    // The counts shown are those of summary.csv, the unreached files included.
    int counts[4] = { 0, 0, 0, 0 };
    std::istringstream lines(text);
    std::string line;
    std::getline(lines, line); // the header
    while (std::getline(lines, line)) {
        const std::string status = line.substr(
            line.find(',') + 1, line.find(',', line.find(',') + 1) - line.find(',') - 1);
        ++counts[status == "ok" ? 0 : status == "failed" ? 1 : status == "skipped" ? 2 : 3];
    }
    ASSERT_GT(counts[3], 0) << "the unreached files are not_run, not skipped\n" << text;
    EXPECT_TRUE(dialog.statusText().contains(QStringLiteral("%1 analysed, %2 failed, %3 skipped")
                                                 .arg(counts[0])
                                                 .arg(counts[1])
                                                 .arg(counts[2])))
        << dialog.statusText().toStdString() << "\n"
        << text;
    EXPECT_TRUE(
        dialog.statusText().contains(QStringLiteral(", %1 not run (cancelled)").arg(counts[3])))
        << dialog.statusText().toStdString() << "\n"
        << text;
}

TEST(BatchDialog, FailedRowsSayWhyAndTheMessageIsBesideTheStatus)
{
    const std::string dir = makeFolder("batch_dialog_tooltips");
    BatchDialog dialog(
        [](QWidget*) { return std::optional<AnalysisEngine>(vigil::test::fakeEngine(4)); });
    EXPECT_EQ(dialog.windowType(), Qt::Window)
        << "a window of its own, so a result opened comes to the front";
    dialog.setSettings(settingsFor(dir, false));
    QSignalSpy finished(&dialog, &BatchDialog::batchFinished);
    dialog.start();
    ASSERT_TRUE(finished.wait(120000));
    EXPECT_EQ(BatchTableModel::Message, BatchTableModel::Status + 1);
    const BatchTableModel& model = *dialog.tableModel();
    bool sawFailed = false;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QString tip
            = model.data(model.index(row, BatchTableModel::Status), Qt::ToolTipRole).toString();
        if (model.resultAt(row).row.status == vigil::batch::FileStatus::Failed) {
            sawFailed = true;
            EXPECT_TRUE(tip.startsWith(QStringLiteral("Failed: "))) << tip.toStdString();
            EXPECT_FALSE(tip.contains(QStringLiteral("Double-click"))) << tip.toStdString();
        } else if (model.resultAt(row).row.status == vigil::batch::FileStatus::Ok) {
            EXPECT_TRUE(tip.contains(QStringLiteral("Double-click"))) << tip.toStdString();
        }
    }
    EXPECT_TRUE(sawFailed) << "broken.mp4 fails";
}

TEST(BatchDialog, ClosingWhileRunningAsksAndCancelsOnlyWhenConfirmed)
{
    const std::string dir = makeFolder("batch_dialog_close");
    BatchDialog dialog([](QWidget*) {
        return std::optional<AnalysisEngine>(
            vigil::test::fakeEngine(4, std::chrono::milliseconds(80)));
    });
    dialog.setSettings(settingsFor(dir, true));
    dialog.show();
    int asked = 0;
    dialog.setStopConfirmation([&asked](QWidget*) { return ++asked > 1; }); // no, then yes
    dialog.start();
    ASSERT_TRUE(dialog.isRunning());
    dialog.close();
    EXPECT_EQ(asked, 1);
    EXPECT_TRUE(dialog.isRunning());
    EXPECT_TRUE(dialog.isVisible());
    dialog.close();
    EXPECT_EQ(asked, 2);
    EXPECT_FALSE(dialog.isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRunning(), 5000);
}

TEST(BatchDialog, DoubleClickOpensTheVideoWithItsSavedResultsAtItsHighestScore)
{
    const std::string dir = makeFolder("batch_dialog_open");
    MainWindow window(vigil::test::fakeEngine(4));
    window.resize(1400, 880);
    window.show();
    BatchDialog* dialog = window.batchDialog();
    dialog->setSettings(settingsFor(dir, false));
    QSignalSpy finished(dialog, &BatchDialog::batchFinished);
    dialog->start();
    ASSERT_TRUE(finished.wait(120000));
    dialog->show();
    QSortFilterProxyModel* sorted = dialog->sortedModel();
    dialog->table()->sortByColumn(BatchTableModel::Name, Qt::AscendingOrder);
    ASSERT_EQ(sorted->index(1, BatchTableModel::Name).data().toString(), QStringLiteral("b.mp4"));
    const QModelIndex cell = sorted->index(1, BatchTableModel::Name);
    // A press first: the view opens the row only when the double click is on the pressed index.
    const QPoint at = dialog->table()->visualRect(cell).center();
    QTest::mousePress(dialog->table()->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(dialog->table()->viewport(), Qt::LeftButton, {}, at);
    ASSERT_TRUE(window.result()) << window.errorText().toStdString() << " / "
                                 << dialog->statusText().toStdString() << " / "
                                 << dialog->table()->visualRect(cell).x() << ","
                                 << dialog->table()->visualRect(cell).y();
    EXPECT_FALSE(window.runner()->isRunning()); // shown from the saved files, not analysed
    EXPECT_EQ(window.videoPath(), QString::fromStdString(dir + "/b.mp4"));
    const auto& scores = window.result()->frameScores;
    ASSERT_EQ(scores.size(), 140u);
    EXPECT_EQ(window.videoPanel()->currentFrame(),
        std::max_element(scores.begin(), scores.end()) - scores.begin());
    EXPECT_FALSE(window.result()->windows.empty());
}

} // namespace
