// Results reopen: a result file opens from File > Open's path (the command line, Open Recent and
// a drop go the same way) without any network, a result whose video moved asks where it is, and
// opening an analysed video again shows its kept result when the file, networks and windows are
// the same (and analyses again when they are not).

#include "tests/support/test_locations.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/main/analysis_status_widget.h"
#include "ui/main/exports.h"
#include "ui/main/main_window.h"
#include "ui/main/recent_files_menu.h"
#include "ui/tasks/analysis_runner.h"

#include "core/batch/kept_results.h"

#include <QAbstractButton>
#include <QApplication>
#include <QFileDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

using namespace vigil::ui;
namespace fs = std::filesystem;

ResultPointer analyse(MainWindow& window, const std::string& video)
{
    QSignalSpy succeeded(&window, &MainWindow::analysisSucceeded);
    window.openVideo(QString::fromStdString(video));
    EXPECT_TRUE(window.runner()->isRunning()); // analysed, not taken from a saved result
    EXPECT_TRUE(succeeded.wait(60000)) << window.errorText().toStdString();
    return window.result();
}

std::string copyOfClip(const std::string& name)
{
    const std::string dir = vigil::test::scratchDir("saved_results");
    const std::string path = dir + "/" + name;
    fs::copy_file(
        vigil::test::uiClip("saved_120.mp4", 120), path, fs::copy_options::overwrite_existing);
    return path;
}

TEST(SavedResults, OpeningAnAnalysedVideoAgainShowsItsKeptResultWithoutANetwork)
{
    const std::string video = copyOfClip("kept.mp4");
    ResultPointer first;
    {
        MainWindow window(vigil::test::fakeEngine(4));
        first = analyse(window, video);
        ASSERT_TRUE(first);
    }
    EXPECT_FALSE(fs::is_empty(vigil::batch::keptResultsFolder()));
    MainWindow window(vigil::test::fakeEngine(4));
    window.openVideo(QString::fromStdString(video));
    EXPECT_FALSE(window.runner()->isRunning());
    ASSERT_TRUE(window.result()) << window.errorText().toStdString();
    EXPECT_EQ(window.result()->frameScores, first->frameScores);
    EXPECT_TRUE(window.analysisStatus()->text().contains(QStringLiteral("F5 analyses again")))
        << window.analysisStatus()->text().toStdString();
}

TEST(SavedResults, OtherWindowsOrAnotherFileAreAnalysedAgain)
{
    const std::string video = copyOfClip("other.mp4");
    {
        MainWindow window(vigil::test::fakeEngine(4));
        ASSERT_TRUE(analyse(window, video));
    }
    MainWindow otherWindows(vigil::test::fakeEngine(5));
    EXPECT_TRUE(analyse(otherWindows, video)); // windows of 5 steps: not the kept result's
    const std::string different = vigil::test::uiClip("saved_140.mp4", 140);
    MainWindow otherFile(vigil::test::fakeEngine(4));
    EXPECT_TRUE(analyse(otherFile, different));
}

TEST(SavedResults, AResultFileOpensWithoutNetworksAndJoinsOpenRecent)
{
    const std::string video = copyOfClip("export.mp4");
    const std::string folder = vigil::test::scratchDir("saved_results_export");
    ResultPointer analysed;
    {
        MainWindow window(vigil::test::fakeEngine(4));
        analysed = analyse(window, video);
        ASSERT_TRUE(analysed);
        writeResultExport(*analysed, QString::fromStdString(folder), QString::fromStdString(video));
    }
    const QString json = QString::fromStdString(folder + "/export.vigil.json");
    MainWindow window(AnalysisEngine {}); // no networks at all
    window.openVideo(json);
    ASSERT_TRUE(window.result()) << window.errorText().toStdString();
    EXPECT_EQ(window.videoPath(), QString::fromStdString(video));
    EXPECT_EQ(window.result()->frameScores, analysed->frameScores);
    EXPECT_TRUE(window.findChild<RecentFilesMenu*>()->files().contains(json));
}

TEST(SavedResults, AResultWhoseVideoMovedAsksWhereItIs)
{
    const std::string video = copyOfClip("moving.mp4");
    const std::string folder = vigil::test::scratchDir("saved_results_moved");
    {
        MainWindow window(vigil::test::fakeEngine(4));
        const ResultPointer analysed = analyse(window, video);
        ASSERT_TRUE(analysed);
        writeResultExport(*analysed, QString::fromStdString(folder), QString::fromStdString(video));
    }
    const std::string moved = folder + "/renamed.mp4";
    fs::rename(video, moved);
    bool wasAsked = false;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        QWidget* modal = QApplication::activeModalWidget();
        if (!modal || !modal->isVisible())
            return;
        if (auto* box = qobject_cast<QMessageBox*>(modal)) {
            wasAsked = box->text().contains(QStringLiteral("moved or renamed"));
            box->button(QMessageBox::Open)->click();
        } else if (auto* dialog = qobject_cast<QFileDialog*>(modal)) {
            auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
            if (!name)
                return;
            name->setText(QString::fromStdString(moved)); // typed, as a user does
            QMetaObject::invokeMethod(dialog, "accept");
        }
    });
    poll.start(50);
    QTimer::singleShot(60000, [&] { // never hang: whatever is modal then is closed
        if (QWidget* modal = QApplication::activeModalWidget())
            modal->close();
    });
    MainWindow window(AnalysisEngine {});
    window.openVideo(QString::fromStdString(folder + "/moving.vigil.json"));
    poll.stop();
    EXPECT_TRUE(wasAsked);
    ASSERT_TRUE(window.result()) << window.errorText().toStdString();
    EXPECT_EQ(window.videoPath(), QString::fromStdString(moved));
}

TEST(SavedResults, ABrokenResultFileSaysWhyInTheWindow)
{
    const std::string folder = vigil::test::scratchDir("saved_results_broken");
    const std::string json = folder + "/broken.vigil.json";
    std::ofstream(json) << "{ \"format\": \"vigil-result\", \"version\": 2";
    MainWindow window(AnalysisEngine {});
    window.openVideo(QString::fromStdString(json));
    EXPECT_FALSE(window.result());
    EXPECT_TRUE(window.errorText().contains(QStringLiteral("Cannot open the result")))
        << window.errorText().toStdString();
}

} // namespace
