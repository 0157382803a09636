#include "ui/clip_export.h"

#include "core/common/error.h"

#include <QProgressDialog>
#include <QThread>

#include <exception>

namespace vigil::ui {

ClipExportWorker::ClipExportWorker(
    media::ClipRequest request, std::shared_ptr<const CancellationToken> cancel)
    : request_(std::move(request))
    , cancel_(std::move(cancel))
{
}

void ClipExportWorker::run()
{
    try {
        const media::ClipCut cut = media::cutClip(request_, cancel_.get());
        emit succeeded(QString::fromStdString(cut.outputPath), cut.startS, cut.endS);
    } catch (const Cancelled&) {
        emit cancelled();
    } catch (const std::exception& error) {
        emit failed(QString::fromStdString(error.what()));
    } catch (...) {
        emit failed(tr("the clip could not be cut"));
    }
    emit finished();
}

ClipExport::ClipExport(QWidget* dialogParent, QObject* parent)
    : QObject(parent)
    , dialogParent_(dialogParent)
{
}

ClipExport::~ClipExport()
{
    if (!thread_)
        return;
    cancel_->cancel();
    thread_->quit();
    thread_->wait();
}

bool ClipExport::start(const media::ClipRequest& request)
{
    if (isRunning())
        return false;
    cancel_ = std::make_shared<CancellationToken>();
    thread_ = new QThread(this);
    auto* worker = new ClipExportWorker(request, cancel_);
    worker->moveToThread(thread_);
    connect(thread_, &QThread::started, worker, &ClipExportWorker::run);
    connect(worker, &ClipExportWorker::succeeded, this, &ClipExport::succeeded);
    connect(worker, &ClipExportWorker::failed, this, &ClipExport::failed);
    connect(worker, &ClipExportWorker::cancelled, this, &ClipExport::cancelled);
    connect(worker, &ClipExportWorker::finished, thread_, &QThread::quit);
    connect(thread_, &QThread::finished, worker, &QObject::deleteLater);
    // Queued to this (GUI) thread: the thread has ended by then, so it can be deleted.
    connect(thread_, &QThread::finished, this, [this] {
        thread_->deleteLater();
        thread_ = nullptr;
        if (progress_) {
            progress_->deleteLater();
            progress_ = nullptr;
        }
        emit finished();
    });
    if (dialogParent_) {
        progress_ = new QProgressDialog(tr("Cutting the clip…"), tr("Cancel"), 0, 0, dialogParent_);
        progress_->setWindowModality(Qt::NonModal);
        progress_->setMinimumDuration(500);
        connect(progress_, &QProgressDialog::canceled, this, &ClipExport::cancel);
    }
    thread_->start();
    return true;
}

void ClipExport::cancel()
{
    if (cancel_)
        cancel_->cancel(); // direct: the worker is busy in the cut, not in its event loop
}

} // namespace vigil::ui
