#pragma once
// CameraWall: the desktop app's many cameras (File > Open Cameras…): a grid of CameraTiles
// over one CamerasWorker, i.e. one MultiWatch with the main window's engine, the same run as
// `vigil watch --cameras FILE -o DIR`, writing the same folders and DIR/status.json. Arrow keys
// move between tiles, Enter opens a camera's full live view, Esc (or Stop all, or closing)
// stops every camera; open alerts are then closed and written. The status bar counts the
// cameras watching, alerting and stale. GUI thread only.

#include "core/live/cameras_plan.h"
#include "ui/tasks/background_task.h"

#include <QMainWindow>

#include <memory>
#include <vector>

class QLabel;
class QPushButton;
class QTimer;

namespace vigil::ui {

class CamerasWorker;
class CameraTile;
class FittedStatusBar;

class CameraWall : public QMainWindow {
    Q_OBJECT
public:
    // plan.problem must be empty. timelineMinutes: each camera's history (Settings).
    CameraWall(const live::CamerasPlan& plan, std::shared_ptr<const engine::Engine> engine,
        int timelineMinutes, QWidget* parent = nullptr);
    ~CameraWall() override;

    bool isRunning() const { return task_->isRunning(); }
    const std::vector<CameraTile*>& tiles() const { return tiles_; }
    QString countsText() const;
    QPushButton* stopButton() const { return stopButton_; }

public slots:
    void start();
    void stop();

signals:
    void finished();

protected:
    void closeEvent(QCloseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void createTiles(int timelineMinutes);
    void connectTask();
    void showEnd(const QStringList& summaries, const QString& fallback);
    void refresh();
    void moveFocus(int rows, int columns);

    std::shared_ptr<CamerasWorker> worker_;
    BackgroundTask* task_;
    std::vector<CameraTile*> tiles_;
    int columns_ = 1;
    bool hasEnded_ = false; // before the task's finished() comes
    FittedStatusBar* statusBar_ = nullptr;
    QLabel* counts_ = nullptr;
    QPushButton* stopButton_ = nullptr;
    QTimer* timer_ = nullptr;
};

} // namespace vigil::ui
