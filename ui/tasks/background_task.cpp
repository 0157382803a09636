#include "ui/tasks/background_task.h"

#include "core/common/error.h"

#include <QThread>

namespace vigil::ui {

ProgressThrottle::ProgressThrottle(std::chrono::milliseconds interval)
    : interval_(interval)
{
}

bool ProgressThrottle::isDue(bool isForced)
{
    const auto now = std::chrono::steady_clock::now();
    if (!isForced && hasSaidYes_ && now - lastAt_ < interval_)
        return false;
    lastAt_ = now;
    hasSaidYes_ = true;
    return true;
}

TaskContext::TaskContext(BackgroundTask* task, std::shared_ptr<const CancellationToken> cancel)
    : task_(task)
    , cancel_(std::move(cancel))
    , startedAt_(std::chrono::steady_clock::now())
    , throttle_(BackgroundTask::kProgressInterval)
{
}

double TaskContext::elapsedS() const
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - startedAt_).count();
}

void TaskContext::report(TaskProgress progress, ReportKind kind)
{
    const bool isNewText = progress.text != lastText_;
    if (!throttle_.isDue(kind == ReportKind::Forced || isNewText))
        return;
    lastText_ = progress.text;
    progress.elapsedS = elapsedS();
    // What is left at the rate so far: the whole took elapsed / fraction.
    if (progress.etaS < 0.0 && progress.fraction > 0.0 && progress.fraction < 1.0
        && progress.elapsedS >= kEtaAfterS)
        progress.etaS = progress.elapsedS * (1.0 - progress.fraction) / progress.fraction;
    if (progress.fraction >= 1.0)
        progress.etaS = 0.0;
    post([task = task_, progress] {
        if (task)
            emit task->progressChanged(progress);
    });
}

void TaskContext::post(std::function<void()> deliver) const
{
    if (task_)
        task_->deliver(std::move(deliver));
}

BackgroundTask::BackgroundTask(QString threadName, QObject* parent)
    : QObject(parent)
    , threadName_(std::move(threadName))
{
    qRegisterMetaType<TaskProgress>();
}

BackgroundTask::~BackgroundTask()
{
    if (!thread_)
        return;
    cancel_->cancel();
    thread_->wait();
    delete thread_; // its finished() would reach a task that is going away
}

bool BackgroundTask::start(Job job)
{
    if (isRunning())
        return false;
    cancel_ = std::make_shared<CancellationToken>();
    lastFailure_ = nullptr;
    auto context = std::make_shared<TaskContext>(this, cancel_);
    thread_ = QThread::create([this, job = std::move(job), context] { run(job, *context); });
    thread_->setObjectName(threadName_);
    // Queued: the thread has ended by then, and every signal of the run has arrived before.
    connect(thread_, &QThread::finished, this, &BackgroundTask::handleThreadFinished);
    thread_->start();
    emit started();
    return true;
}

// On the task's thread: the one catch-and-map tail of every background job.
void BackgroundTask::run(const Job& job, TaskContext& context)
{
    try {
        QVariant result = job(context);
        deliver([this, result] { emit succeeded(result); });
    } catch (const Cancelled&) {
        deliver([this] { emit cancelled(); });
    } catch (const std::exception& error) {
        const QString what = QString::fromStdString(error.what());
        deliver([this, what, failure = std::current_exception()] {
            lastFailure_ = failure;
            emit failed(failureText_ ? failureText_(what) : what);
        });
    } catch (...) {
        deliver([this, failure = std::current_exception()] {
            lastFailure_ = failure;
            emit failed(tr("unexpected failure"));
        });
    }
}

void BackgroundTask::deliver(std::function<void()> deliver)
{
    // Queued to this object's (the GUI) thread, behind whatever the run posted before.
    QMetaObject::invokeMethod(this, std::move(deliver), Qt::QueuedConnection);
}

void BackgroundTask::cancel()
{
    if (cancel_)
        cancel_->cancel();
}

void BackgroundTask::cancelAndWait()
{
    if (!thread_)
        return;
    cancel_->cancel();
    thread_->wait();
}

void BackgroundTask::handleThreadFinished()
{
    if (thread_)
        thread_->deleteLater();
    thread_ = nullptr;
    emit finished();
}

} // namespace vigil::ui
