#pragma once
// ClipExport: cuts one event into a clip (media::cutClip, stream copy) on a thread of its own, so
// the window stays responsive, with a progress dialog whose Cancel stops the cut (no file is
// left). One QThread and one worker per run; the GUI owns the CancellationToken and cancels it
// by a direct call, as docs/development.md asks. Lives on the GUI thread; the destructor cancels
// a cut still running and waits for its thread. Outcomes arrive as signals, never as exceptions.

#include "core/common/cancellation.h"
#include "core/media/clip_cutter.h"

#include <QObject>
#include <QString>

#include <memory>

class QProgressDialog;
class QThread;
class QWidget;

namespace vigil::ui {

// Runs on the export's thread: the one call to the engine, every outcome a signal.
class ClipExportWorker : public QObject {
    Q_OBJECT
public:
    ClipExportWorker(media::ClipRequest request, std::shared_ptr<const CancellationToken> cancel);

public slots:
    void run();

signals:
    void succeeded(const QString& path, double startS, double endS);
    void failed(const QString& message);
    void cancelled();
    void finished();

private:
    media::ClipRequest request_;
    std::shared_ptr<const CancellationToken> cancel_;
};

class ClipExport : public QObject {
    Q_OBJECT
public:
    // dialogParent: where the progress dialog shows; may be null (no dialog, as in tests).
    explicit ClipExport(QWidget* dialogParent, QObject* parent = nullptr);
    ~ClipExport() override;

    bool isRunning() const { return thread_ != nullptr; }
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
    QThread* thread_ = nullptr;
    std::shared_ptr<CancellationToken> cancel_;
    QProgressDialog* progress_ = nullptr;
};

} // namespace vigil::ui
