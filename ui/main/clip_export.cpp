#include "ui/main/clip_export.h"

#include <QProgressDialog>

namespace vigil::ui {

ClipExport::ClipExport(QWidget* dialogParent, QObject* parent)
    : QObject(parent)
    , dialogParent_(dialogParent)
    , task_(new BackgroundTask(QStringLiteral("vigil-clip"), this))
{
    qRegisterMetaType<media::ClipCut>();
    connect(task_, &BackgroundTask::succeeded, this, [this](const QVariant& result) {
        const auto cut = result.value<media::ClipCut>();
        emit succeeded(QString::fromStdString(cut.outputPath), cut.startS, cut.endS);
    });
    connect(task_, &BackgroundTask::failed, this, &ClipExport::failed);
    connect(task_, &BackgroundTask::cancelled, this, &ClipExport::cancelled);
    connect(task_, &BackgroundTask::finished, this, [this] {
        if (progress_) {
            progress_->deleteLater();
            progress_ = nullptr;
        }
        emit finished();
    });
}

ClipExport::~ClipExport()
{
    disconnect(task_, nullptr, this, nullptr);
    task_->cancelAndWait();
}

bool ClipExport::start(const media::ClipRequest& request)
{
    const bool isStarted = task_->start([request](TaskContext& context) {
        return QVariant::fromValue(media::cutClip(request, &context.cancel()));
    });
    if (!isStarted)
        return false;
    if (dialogParent_) {
        progress_ = new QProgressDialog(tr("Cutting the clip…"), tr("Cancel"), 0, 0, dialogParent_);
        progress_->setWindowModality(Qt::NonModal);
        progress_->setMinimumDuration(500);
        connect(progress_, &QProgressDialog::canceled, this, &ClipExport::cancel);
    }
    return true;
}

void ClipExport::cancel()
{
    task_->cancel(); // direct: the job is busy in the cut, not in an event loop
}

} // namespace vigil::ui
