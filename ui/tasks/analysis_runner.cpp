#include "ui/tasks/analysis_runner.h"

namespace vigil::ui {

AnalysisRunner::AnalysisRunner(AnalysisEngine engine, QObject* parent)
    : QObject(parent)
    , engine_(std::move(engine))
    , task_(new BackgroundTask(QStringLiteral("vigil-analysis"), this))
{
    qRegisterMetaType<AnalysisProgress>();
    qRegisterMetaType<ResultPointer>();
    qRegisterMetaType<FeaturesPointer>();
    connect(task_, &BackgroundTask::progressChanged, this, [this](const TaskProgress& task) {
        AnalysisProgress progress = task.detail.value<AnalysisProgress>();
        progress.etaS = task.etaS;
        emit progressChanged(progress);
    });
    connect(task_, &BackgroundTask::succeeded, this,
        [this](const QVariant& result) { emit succeeded(result.value<ResultPointer>()); });
    connect(task_, &BackgroundTask::failed, this, &AnalysisRunner::failed);
    connect(task_, &BackgroundTask::cancelled, this, &AnalysisRunner::cancelled);
    connect(task_, &BackgroundTask::finished, this, &AnalysisRunner::handleTaskFinished);
}

AnalysisRunner::~AnalysisRunner()
{
    pendingPath_.reset();
    // The task (a child) would wait too, but its signals must not reach a half-destroyed runner.
    disconnect(task_, nullptr, this, nullptr);
    task_->cancelAndWait();
}

void AnalysisRunner::start(const QString& videoPath)
{
    if (isRunning()) {
        pendingPath_ = videoPath;
        task_->cancel();
        return;
    }
    launch(videoPath);
}

void AnalysisRunner::cancel()
{
    pendingPath_.reset();
    task_->cancel();
}

void AnalysisRunner::launch(const QString& videoPath)
{
    // Owned by the job; its signals are emitted on the task's thread, so queued to this one.
    auto worker = std::make_shared<AnalysisWorker>(videoPath, engine_);
    connect(worker.get(), &AnalysisWorker::windowsScored, this, &AnalysisRunner::windowsScored);
    connect(
        worker.get(), &AnalysisWorker::featuresExtracted, this, &AnalysisRunner::featuresExtracted);
    task_->start([worker](TaskContext& context) { return worker->run(context); });
    emit started(videoPath);
}

void AnalysisRunner::handleTaskFinished()
{
    emit finished();
    if (pendingPath_) {
        const QString next = *pendingPath_;
        pendingPath_.reset();
        launch(next);
    }
}

} // namespace vigil::ui
