#include "ui/batch_job.h"

namespace vigil::ui {

BatchJob::BatchJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<BatchJobProgress>();
    qRegisterMetaType<BatchFileResult>();
}

BatchJob::~BatchJob()
{
    if (!thread_)
        return;
    cancel_->cancel();
    thread_->quit();
    thread_->wait();
    delete thread_; // its finished() handler would run too late: the job is going away
}

void BatchJob::start(const BatchJobSettings& settings, const AnalysisEngine& engine)
{
    if (isRunning())
        return;
    cancel_ = std::make_shared<CancellationToken>();
    auto* thread = new QThread(this);
    thread->setObjectName(QStringLiteral("vigil-batch"));
    auto* worker = new BatchWorker(settings, engine, cancel_);
    worker->moveToThread(thread);
    connect(thread, &QThread::started, worker, &BatchWorker::run);
    connect(worker, &BatchWorker::filesFound, this, &BatchJob::filesFound);
    connect(worker, &BatchWorker::progressChanged, this, &BatchJob::progressChanged);
    connect(worker, &BatchWorker::fileFinished, this, &BatchJob::fileFinished);
    connect(worker, &BatchWorker::counted, this, &BatchJob::counted);
    connect(worker, &BatchWorker::succeeded, this, &BatchJob::succeeded);
    connect(worker, &BatchWorker::failed, this, &BatchJob::failed);
    connect(worker, &BatchWorker::cancelled, this, &BatchJob::cancelled);
    connect(worker, &BatchWorker::finished, thread, &QThread::quit);
    connect(thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(thread, &QThread::finished, this, &BatchJob::handleThreadFinished);
    thread_ = thread;
    thread->start();
}

void BatchJob::cancel()
{
    if (cancel_)
        cancel_->cancel();
}

void BatchJob::cancelAndWait()
{
    if (!thread_)
        return;
    cancel_->cancel();
    // The worker's finished() would reach quit() through this (blocked) thread's event queue.
    thread_->quit();
    thread_->wait();
    // The worker's last queued signals and the thread's finished() arrive with the next events.
}

void BatchJob::handleThreadFinished()
{
    if (thread_)
        thread_->deleteLater();
    thread_ = nullptr;
    emit finished();
}

} // namespace vigil::ui
