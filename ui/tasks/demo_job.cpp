#include "ui/tasks/demo_job.h"

namespace vigil::ui {

DemoJob::DemoJob(QObject* parent)
    : QObject(parent)
    , task_(new BackgroundTask(QStringLiteral("vigil-demo"), this))
{
    qRegisterMetaType<vigil::ui::DemoLaunch>();
    connect(task_, &BackgroundTask::progressChanged, this, [this](const TaskProgress& progress) {
        emit progressChanged(progress.text, progress.fraction);
    });
    connect(task_, &BackgroundTask::succeeded, this,
        [this](const QVariant& result) { emit succeeded(result.value<DemoLaunch>()); });
    connect(task_, &BackgroundTask::failed, this, &DemoJob::failed);
    connect(task_, &BackgroundTask::cancelled, this, &DemoJob::cancelled);
    connect(task_, &BackgroundTask::finished, this, &DemoJob::finished);
}

DemoJob::~DemoJob()
{
    disconnect(task_, nullptr, this, nullptr);
    task_->cancelAndWait();
}

void DemoJob::start(DemoMaker maker)
{
    task_->start([maker = std::move(maker)](TaskContext& context) {
        const DemoLaunch launch
            = maker(context.cancel(), [&context](const QString& stage, double fraction) {
                  context.report({ fraction, stage, 0.0, -1.0, {} });
              });
        return QVariant::fromValue(launch);
    });
}

void DemoJob::cancel()
{
    task_->cancel();
}

} // namespace vigil::ui
