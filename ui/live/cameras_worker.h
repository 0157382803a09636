#pragma once
// CamerasWorker: the job of the camera wall, `vigil watch --cameras` in the desktop app: one
// MultiWatch (core/live) over every camera of a CamerasPlan with the main window's engine, so
// the cameras share one copy of the networks and one network worker, batched and round-robin as
// the command line's. Each camera speaks through its own LiveChannel (made here, on the GUI
// thread, living as long as the worker); the process's status over all cameras goes to
// DIR/status.json as `vigil watch` writes it. run() is on a BackgroundTask's thread.

#include "core/live/cameras_plan.h"
#include "ui/live/live_worker.h"

#include <QObject>
#include <QStringList>

#include <memory>
#include <vector>

namespace vigil::ui {

class CamerasWorker : public QObject {
    Q_OBJECT
public:
    // plan.problem must be empty; its folders are made absolute (liveRequestFor).
    CamerasWorker(const live::CamerasPlan& plan, std::shared_ptr<const engine::Engine> engine,
        QObject* parent = nullptr);

    size_t cameraCount() const { return requests_.size(); }
    const LiveRequest& request(size_t camera) const { return requests_[camera]; }
    QString name(size_t camera) const { return names_[camera]; }
    LiveChannel* channel(size_t camera) const { return channels_[camera].get(); }
    // The folder the cameras' folders are in (where status.json is); empty for one camera
    // that writes its own.
    QString outputRoot() const;

    // On the task's thread. Returns each camera's summary (a QStringList, in order); throws
    // Cancelled, FolderBusy, or what the networks throw.
    QVariant run(TaskContext& context);

private:
    std::vector<LiveRequest> requests_;
    QStringList names_;
    std::vector<std::unique_ptr<LiveChannel>> channels_;
    std::string processStatusFile_;
};

} // namespace vigil::ui
