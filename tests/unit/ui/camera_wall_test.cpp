// The camera wall (File > Open Cameras…): two real HTTP streams published by ffmpeg on
// 127.0.0.1, watched by one MultiWatch with the fake networks, as `vigil watch --cameras`
// would: a tile per camera with its frame, sparkline and state; Enter opens a camera's full
// view from what its tile saw, attached to the same run; Esc there closes only the view; Esc
// on the wall stops every camera with each folder's files whole; the Window menu lists it.

#include "tests/support/live_stream.h"
#include "tests/support/text_lines.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/live/camera_tile.h"
#include "ui/live/camera_wall.h"
#include "ui/live/live_window.h"
#include "ui/live/open_cameras_dialog.h"
#include "ui/live/score_sparkline.h"
#include "ui/main/main_window.h"
#include "ui/main/video_view.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace vigil::ui {
namespace {

struct Stream {
    int port = test::freePort();
    test::BackgroundProcess server { test::publishCommand(
        "testsrc2=size=160x120:rate=25", 12.0, url()) };
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port) + "/s.ts"; }
};

std::string camerasFile(const std::string& dir, const Stream& door, const Stream& yard)
{
    const std::string path = dir + "/cameras.json";
    std::ofstream(path) << R"({"cameras": [{"name": "door", "source": ")" << door.url()
                        << R"(", "on": 0.6, "off": 0.5}, {"name": "yard", "source": ")"
                        << yard.url() << R"("}]})";
    return path;
}

live::CamerasPlan planOf(const std::string& file, const std::string& out)
{
    live::WatchChoices common;
    common.outputDir = out;
    common.windowSteps = 2;
    common.timeoutS = 5.0;
    common.minDurationS = 0.0;
    live::CamerasPlan plan = live::planCameras(live::readCamerasFile(file), common);
    EXPECT_EQ(plan.problem, "");
    return plan;
}

void press(QWidget* widget, Qt::Key key)
{
    QTest::keyClick(widget, key);
}

TEST(CameraWall, WatchesEveryCameraInOneRunAndEachTileOpensItsFullView)
{
    const std::string dir = test::scratchDir("camera-wall");
    Stream door;
    Stream yard;
    ASSERT_TRUE(test::waitUntilListening(door.url(), 30.0));
    ASSERT_TRUE(test::waitUntilListening(yard.url(), 30.0));
    const std::string out = dir + "/out";
    CameraWall wall(planOf(camerasFile(dir, door, yard), out), test::fakeEngine(2).engine, 10);
    QSignalSpy finished(&wall, &CameraWall::finished);
    wall.resize(800, 500);
    wall.show();
    wall.start();
    ASSERT_EQ(wall.tiles().size(), 2u);
    CameraTile* first = wall.tiles()[0];
    CameraTile* second = wall.tiles()[1];
    EXPECT_EQ(first->name(), "door");
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return first->history().ring.size() >= 3 && second->history().ring.size() >= 3
                && !first->video()->image().isNull() && !second->video()->image().isNull();
        },
        30000));
    EXPECT_TRUE(first->stateText().startsWith(QStringLiteral("LIVE · lag ")))
        << first->stateText().toStdString();
    EXPECT_TRUE(wall.countsText().startsWith(QStringLiteral("2 cameras watched")));
    // The sparkline draws the scores: the pixel at the newest score is not the background.
    ScoreSparkline* spark = first->sparkline();
    const live::LiveStep& newest = first->history().ring.steps().back();
    ASSERT_TRUE(newest.score.has_value());
    const QImage drawn = spark->grab().toImage();
    const QPointF at = spark->pointOf((newest.startUs + newest.endUs) / 2, *newest.score);
    EXPECT_NE(
        drawn.pixelColor(at.toPoint() - QPoint(1, 0)), spark->palette().color(QPalette::Base));

    // Arrow keys move between tiles; Enter opens the focused camera's view from its history.
    first->setFocus();
    press(first, Qt::Key_Right);
    EXPECT_TRUE(second->hasFocus());
    press(second, Qt::Key_Left);
    ASSERT_TRUE(first->hasFocus());
    const size_t seen = first->history().ring.size();
    press(first, Qt::Key_Return);
    LiveWindow* view = first->view();
    ASSERT_NE(view, nullptr);
    EXPECT_TRUE(view->isAttached());
    EXPECT_TRUE(view->isRunning());
    EXPECT_GE(view->ring().size(), seen); // from what the tile saw, not from nothing
    EXPECT_EQ(view->stopButton()->text(), QStringLiteral("Close view"));
    EXPECT_EQ(view->windowTitle(), QStringLiteral("LIVE door – Vigil"));
    const size_t before = view->ring().size();
    EXPECT_TRUE(QTest::qWaitFor([&] { return view->ring().size() > before; }, 20000));
    EXPECT_TRUE(QTest::qWaitFor([&] { return !view->video()->image().isNull(); }, 5000));
    press(view, Qt::Key_Escape); // closes the view; the camera goes on
    EXPECT_TRUE(QTest::qWaitFor([&] { return first->view() == nullptr; }, 5000));
    EXPECT_TRUE(wall.isRunning());
    const size_t onWall = first->history().ring.size();
    EXPECT_TRUE(QTest::qWaitFor([&] { return first->history().ring.size() > onWall; }, 20000));

    press(first, Qt::Key_Escape); // the wall's: every camera stops, its files whole
    ASSERT_TRUE(finished.wait(20000) || finished.count() == 1);
    EXPECT_FALSE(wall.isRunning());
    EXPECT_TRUE(first->stateText().startsWith(QStringLiteral("Stopped; ")))
        << first->stateText().toStdString();
    EXPECT_TRUE(wall.countsText().startsWith(QStringLiteral("stopped · ")));
    for (const char* name : { "door", "yard" }) {
        const std::vector<std::string> rows = test::linesOf(out + "/" + name + "/scores.csv");
        ASSERT_GE(rows.size(), 4u) << name;
        EXPECT_EQ(rows.at(0), "stream_time_s,wall_time,score");
    }
    const std::vector<std::string> status = test::linesOf(out + "/status.json");
    ASSERT_FALSE(status.empty());
    EXPECT_NE(status.at(0).find("\"vigil-watch-process-status\""), std::string::npos);
}

TEST(CameraWall, TheDialogRefusesAFileThatCannotStartInOneLine)
{
    const std::string dir = test::scratchDir("camera-wall-dialog");
    QSettings store(QString::fromStdString(dir + "/settings.ini"), QSettings::IniFormat);
    OpenCamerasDialog dialog(store);
    dialog.accept();
    EXPECT_FALSE(dialog.plan().has_value());
    EXPECT_EQ(dialog.problemLabel()->text(), QStringLiteral("Choose a cameras file first"));
    const std::string shared = dir + "/shared.json";
    std::ofstream(shared) << R"({"cameras": [{"name": "a", "source": "rtsp://h/1"},)"
                          << R"( {"name": "a", "source": "rtsp://h/2"}]})";
    dialog.fileEdit()->setText(QString::fromStdString(shared));
    dialog.outputEdit()->setText(QString::fromStdString(dir + "/out"));
    dialog.accept();
    EXPECT_FALSE(dialog.plan().has_value());
    EXPECT_FALSE(dialog.problemLabel()->text().isEmpty());
    EXPECT_TRUE(dialog.problemLabel()->isVisibleTo(&dialog));
    std::ofstream(shared) << R"({"cameras": [{"name": "a", "source": "rtsp://h/1"},)"
                          << R"( {"name": "b", "source": "rtsp://h/2"}]})";
    dialog.accept();
    ASSERT_TRUE(dialog.plan().has_value()) << dialog.problemLabel()->text().toStdString();
    EXPECT_EQ(dialog.plan()->cameras.size(), 2u);
    EXPECT_EQ(store.value("live/camerasFile").toString(), QString::fromStdString(shared));
}

TEST(CameraWall, TheWindowMenuListsTheMainWindowAndEveryLiveWindow)
{
    MainWindow main(test::fakeEngine(2));
    main.show();
    auto* menu = main.menuBar()->findChild<QMenu*>(QStringLiteral("windowMenu"));
    ASSERT_NE(menu, nullptr);
    LiveChoices choices;
    choices.location = "rtsp://127.0.0.1:9/none";
    choices.outputDir = test::scratchDir("camera-wall-menu");
    const live::WatchPlan plan = live::planWatch(choices);
    auto* live = new LiveWindow(liveRequestFor(plan, test::fakeEngine(2).engine), 10, &main);
    live->show();
    emit menu->aboutToShow();
    QStringList titles;
    for (const QAction* action : menu->actions())
        titles << action->text();
    ASSERT_EQ(titles.size(), 2) << titles.join("|").toStdString();
    EXPECT_TRUE(titles[0].startsWith(QStringLiteral("Main window")));
    EXPECT_EQ(titles[1], QStringLiteral("LIVE rtsp://127.0.0.1:9/none"));
    EXPECT_EQ(menu->actions()[1]->shortcut(), QKeySequence(Qt::ALT | Qt::Key_2));
}

// vigil gui --cameras FILE -o DIR: the wall opens at once; cameras that cannot start open the
// dialog with the file and why, instead of a wall.
TEST(CameraWall, OpeningACamerasFileShowsItsWallOrTheDialogWithWhy)
{
    const std::string dir = test::scratchDir("camera-wall-open");
    const std::string good = dir + "/good.json";
    std::ofstream(good) << R"({"cameras": [{"name": "a", "source": "rtsp://127.0.0.1:9/1"},)"
                        << R"( {"name": "b", "source": "rtsp://127.0.0.1:9/2"}]})";
    const std::string bad = dir + "/bad.json";
    std::ofstream(bad) << R"({"cameras": [{"name": "a", "source": "rtsp://127.0.0.1:9/1",)"
                       << R"( "colour": "red"}]})";
    MainWindow main(test::fakeEngine(2));
    QString shownProblem;
    QTimer::singleShot(200, [&] {
        if (auto* dialog = qobject_cast<OpenCamerasDialog*>(QApplication::activeModalWidget())) {
            shownProblem = dialog->problemLabel()->text();
            dialog->reject();
        }
    });
    main.openCamerasFile(QString::fromStdString(bad), QString::fromStdString(dir + "/out"));
    EXPECT_TRUE(shownProblem.contains(QStringLiteral("colour"))) << shownProblem.toStdString();
    EXPECT_EQ(main.findChild<CameraWall*>(), nullptr);
    main.openCamerasFile(QString::fromStdString(good), QString::fromStdString(dir + "/out"));
    CameraWall* wall = main.findChild<CameraWall*>();
    ASSERT_NE(wall, nullptr);
    EXPECT_TRUE(wall->isRunning());
    EXPECT_EQ(wall->tiles().size(), 2u);
    EXPECT_TRUE(
        QTest::qWaitFor([&] { return std::filesystem::is_directory(dir + "/out/b"); }, 5000));
    const QPointer<CameraWall> open(wall);
    wall->close(); // stops its cameras, waits for them, and goes
    EXPECT_TRUE(QTest::qWaitFor([&] { return open.isNull(); }, 10000));
    EXPECT_TRUE(std::filesystem::exists(dir + "/out/status.json"));
}

} // namespace
} // namespace vigil::ui
