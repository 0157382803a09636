#pragma once
// ClipExport: cuts one event into a clip (media::cutClip, stream copy) as its BackgroundTask's
// job, so the window stays responsive, with a progress dialog whose Cancel stops the cut (no file
// is left). Lives on the GUI thread; owns the task (thread and cancellation token), which the
// GUI cancels by a direct call. The destructor cancels a cut still running and waits for it.
// Outcomes arrive as signals, never as exceptions.

#include "core/media/clip_cutter.h"
#include "ui/tasks/background_task.h"

#include <QObject>
#include <QString>

class QProgressDialog;
class QWidget;

namespace vigil::ui {

class ClipExport : public QObject {
    Q_OBJECT
public:
    // dialogParent: where the progress dialog shows; may be null (no dialog, as in tests).
    explicit ClipExport(QWidget* dialogParent, QObject* parent = nullptr);
    ~ClipExport() override;

    bool isRunning() const { return task_->isRunning(); }
    // False, and nothing started, while another export runs.
    bool start(const media::ClipRequest& request);

public slots:
    void cancel();

signals:
    void succeeded(const QString& path, double startS, double endS);
    void failed(const QString& message);
    void cancelled();
    void finished();

private:
    QWidget* dialogParent_;
    BackgroundTask* task_;
    QProgressDialog* progress_ = nullptr;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::media::ClipCut)
