#include "ui/models/model_download_dialog.h"

#include "ui/models/model_download_worker.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace vigil::ui {
namespace {

QString megabytes(qint64 bytes)
{
    return QString::number(static_cast<double>(bytes) / 1e6, 'f', 1);
}

} // namespace

ModelDownloadDialog::ModelDownloadDialog(
    QString modelsFolder, QStringList names, QString mirror, QWidget* parent)
    : QDialog(parent)
    , modelsFolder_(std::move(modelsFolder))
    , names_(std::move(names))
    , mirror_(std::move(mirror))
    , label_(new QLabel(this))
    , bar_(new QProgressBar(this))
    , task_(new BackgroundTask(QStringLiteral("vigil-download"), this))
{
    qRegisterMetaType<DownloadStatus>();
    setWindowTitle(tr("Vigil: downloading weights"));
    auto* layout = new QVBoxLayout(this);
    label_->setText(tr("Connecting…"));
    label_->setMinimumWidth(460);
    layout->addWidget(label_);
    layout->addWidget(bar_);
    bar_->setRange(0, 0);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &ModelDownloadDialog::reject);
    layout->addWidget(buttons);
}

ModelDownloadDialog::~ModelDownloadDialog()
{
    disconnect(task_, nullptr, this, nullptr);
    task_->cancelAndWait();
}

int ModelDownloadDialog::exec()
{
    connect(task_, &BackgroundTask::progressChanged, this, [this](const TaskProgress& progress) {
        showStatus(progress.detail.value<DownloadStatus>());
    });
    connect(task_, &BackgroundTask::succeeded, this, [this] { hasSucceeded_ = true; });
    connect(task_, &BackgroundTask::failed, this,
        [this](const QString& message) { errorText_ = message; });
    connect(task_, &BackgroundTask::finished, this,
        [this] { done(hasSucceeded_ ? Accepted : Rejected); });
    const ModelDownloadWorker worker(modelsFolder_, names_, mirror_);
    task_->start([worker](TaskContext& context) { return worker.run(context); });
    return QDialog::exec();
}

void ModelDownloadDialog::reject()
{
    if (!task_->isRunning()) {
        QDialog::reject();
        return;
    }
    task_->cancel(); // the task's finished signal then closes the dialog
    label_->setText(tr("Cancelling… (the partial file is kept; the next download resumes it)"));
}

void ModelDownloadDialog::showStatus(const DownloadStatus& status)
{
    QString text
        = tr("Downloading %1 (%2 of %3)").arg(status.name).arg(status.index + 1).arg(status.count);
    if (status.bytesTotal > 0) {
        bar_->setRange(0, 1000);
        bar_->setValue(static_cast<int>(status.bytesDone * 1000 / status.bytesTotal));
        text += tr(": %1 of %2 MB").arg(megabytes(status.bytesDone), megabytes(status.bytesTotal));
    } else {
        bar_->setRange(0, 0);
        if (status.bytesDone > 0)
            text += tr(": %1 MB").arg(megabytes(status.bytesDone));
    }
    label_->setText(text);
}

} // namespace vigil::ui
