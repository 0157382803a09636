#include "ui/batch/batch_job.h"

namespace vigil::ui {

BatchJob::BatchJob(QObject* parent)
    : QObject(parent)
    , task_(new BackgroundTask(QStringLiteral("vigil-batch"), this))
{
    qRegisterMetaType<BatchJobProgress>();
    qRegisterMetaType<BatchFileResult>();
    qRegisterMetaType<BatchJobEnd>();
    connect(task_, &BackgroundTask::progressChanged, this, [this](const TaskProgress& progress) {
        emit progressChanged(progress.detail.value<BatchJobProgress>());
    });
    connect(task_, &BackgroundTask::succeeded, this, [this](const QVariant& result) {
        const auto end = result.value<BatchJobEnd>();
        if (end.wasCancelled)
            emit cancelled(end.summaryPath);
        else
            emit succeeded(end.summaryPath);
    });
    connect(task_, &BackgroundTask::failed, this, &BatchJob::failed);
    // Cancelled before the summary was written: there is none to show.
    connect(task_, &BackgroundTask::cancelled, this, [this] { emit cancelled(QString()); });
    connect(task_, &BackgroundTask::finished, this, &BatchJob::finished);
}

BatchJob::~BatchJob()
{
    disconnect(task_, nullptr, this, nullptr);
    task_->cancelAndWait();
}

void BatchJob::start(const BatchJobSettings& settings, const AnalysisEngine& engine)
{
    if (isRunning())
        return;
    // Owned by the job; its signals are emitted on the task's thread, so queued to this one.
    auto worker = std::make_shared<BatchWorker>(settings, engine);
    connect(worker.get(), &BatchWorker::filesFound, this, &BatchJob::filesFound);
    connect(worker.get(), &BatchWorker::jobsChosen, this, &BatchJob::jobsChosen);
    connect(worker.get(), &BatchWorker::fileFinished, this, &BatchJob::fileFinished);
    connect(worker.get(), &BatchWorker::counted, this, &BatchJob::counted);
    task_->start([worker](TaskContext& context) { return worker->run(context); });
}

void BatchJob::cancel()
{
    task_->cancel();
}

void BatchJob::cancelAndWait()
{
    // The worker's last queued signals and the task's finished() arrive with the next events.
    task_->cancelAndWait();
}

} // namespace vigil::ui
