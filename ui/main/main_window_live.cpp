// MainWindow's live sources: File > Open Stream… (one LiveWindow with its own run), File > Open
// Cameras… (a CameraWall: every camera of a cameras file in one run), both on this window's
// engine, and the Window menu that brings any of these windows to the front.

#include "ui/main/main_window.h"

#include "ui/common/screen_fit.h"
#include "ui/live/camera_wall.h"
#include "ui/live/live_window.h"
#include "ui/live/open_cameras_dialog.h"
#include "ui/live/open_stream_dialog.h"
#include "ui/tasks/analysis_runner.h"

#include "core/live/watch_plan.h"

#include "core/common/count_limits.h"
#include "core/common/defaults.h"

#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>

#include <algorithm>

namespace vigil::ui {

bool MainWindow::ensureLiveEngine(const QString& whyNeeded)
{
    if (!ensureEngine(whyNeeded))
        return false;
    if (const std::string problem
        = live::backboneProblem(runner_->engine().engine->description().backbone);
        !problem.empty()) {
        showError(QString::fromStdString(problem));
        return false;
    }
    return true;
}

void MainWindow::openStream()
{
    if (!ensureLiveEngine(tr("No networks are loaded, so the stream cannot be watched; open it "
                             "again to choose weights.")))
        return;
    QSettings store;
    OpenStreamDialog dialog(store, this);
    if (dialog.exec() != QDialog::Accepted || !dialog.plan())
        return;
    // A window of its own (parented, so it stops and writes its alert when the app quits).
    auto* live = new LiveWindow(
        liveRequestFor(*dialog.plan(), runner_->engine().engine), dialog.timelineMinutes(), this);
    live->setAttribute(Qt::WA_DeleteOnClose);
    resizeWithinScreen(live, QSize(1000, 700));
    live->show();
    live->start();
    keepWindowMenuCurrent(live);
}

void MainWindow::openCameras()
{
    openCamerasFile({}, {});
}

void MainWindow::openCamerasFile(const QString& file, const QString& outputDir)
{
    if (!ensureLiveEngine(tr("No networks are loaded, so the cameras cannot be watched; open "
                             "them again to choose weights.")))
        return;
    QSettings store;
    OpenCamerasDialog dialog(store, this);
    if (!file.isEmpty()) {
        std::string problem;
        if (const std::optional<live::CamerasPlan> plan
            = planCamerasFile(file, outputDir, problem)) {
            showCameraWall(*plan);
            return;
        }
        dialog.showRefused(file, outputDir, QString::fromStdString(problem));
    }
    if (dialog.exec() == QDialog::Accepted && dialog.plan())
        showCameraWall(*dialog.plan());
}

void MainWindow::showCameraWall(const live::CamerasPlan& plan)
{
    // Open Stream's choice (remembered there), bounded as it bounds it.
    QSettings store;
    const CountBound bound = bounds::timelineMinutes();
    const int minutes = std::clamp(store
                                       .value(QStringLiteral("live/timelineMinutes"),
                                           static_cast<int>(defaults::kLiveTimelineMinutes))
                                       .toInt(),
        static_cast<int>(bound.min), static_cast<int>(bound.max));
    auto* wall = new CameraWall(plan, runner_->engine().engine, minutes, this);
    wall->setAttribute(Qt::WA_DeleteOnClose);
    resizeWithinScreen(wall, QSize(1100, 760));
    wall->show();
    wall->start();
    keepWindowMenuCurrent(wall);
}

// The menu's Alt+N shortcuts work before it is first opened again.
void MainWindow::keepWindowMenuCurrent(QWidget* window)
{
    auto* menu = menuBar()->findChild<QMenu*>(QStringLiteral("windowMenu"));
    if (!menu)
        return;
    fillWindowMenu(menu);
    connect(window, &QObject::destroyed, menu, [this, menu] { fillWindowMenu(menu); });
}

void MainWindow::createWindowMenu()
{
    QMenu* menu = menuBar()->addMenu(tr("&Window"));
    menu->setObjectName(QStringLiteral("windowMenu"));
    // Rebuilt each time it opens: live views and walls come and go.
    connect(menu, &QMenu::aboutToShow, this, [this, menu] { fillWindowMenu(menu); });
    fillWindowMenu(menu);
}

// The main window, then every live view and camera wall, Alt+1… in that order; the active one
// is checked.
void MainWindow::fillWindowMenu(QMenu* menu)
{
    menu->clear();
    QList<QWidget*> windows { this };
    for (QWidget* widget : QApplication::topLevelWidgets())
        if (widget != this && widget->isVisible()
            && (qobject_cast<LiveWindow*>(widget) || qobject_cast<CameraWall*>(widget)))
            windows << widget;
    auto* group = new QActionGroup(menu);
    for (qsizetype i = 0; i < windows.size(); ++i) {
        QWidget* window = windows[i];
        QString title = window->windowTitle();
        title.remove(QStringLiteral(" – Vigil"));
        title.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* action = menu->addAction(i == 0 ? tr("Main window: %1").arg(title) : title);
        action->setCheckable(true);
        action->setChecked(window == QApplication::activeWindow());
        action->setActionGroup(group);
        if (i < 9)
            action->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_1 + i)));
        connect(action, &QAction::triggered, window, [window] {
            window->showNormal();
            window->raise();
            window->activateWindow();
        });
    }
}

} // namespace vigil::ui
