#include "ui/analysis_runner.h"

#include <QThread>

namespace vigil::ui {

AnalysisRunner::AnalysisRunner(AnalysisEngine engine, QObject* parent)
    : QObject(parent)
    , engine_(std::move(engine))
{
    qRegisterMetaType<AnalysisProgress>();
    qRegisterMetaType<ResultPointer>();
    qRegisterMetaType<FeaturesPointer>();
}

AnalysisRunner::~AnalysisRunner()
{
    pendingPath_.reset();
    if (!thread_)
        return;
    cancel_->cancel();
    thread_->quit();
    thread_->wait();
    delete thread_; // its finished() handler would run too late: the runner is going away
}

void AnalysisRunner::start(const QString& videoPath)
{
    if (isRunning()) {
        pendingPath_ = videoPath;
        cancel_->cancel();
        return;
    }
    launch(videoPath);
}

void AnalysisRunner::cancel()
{
    pendingPath_.reset();
    if (cancel_)
        cancel_->cancel();
}

void AnalysisRunner::launch(const QString& videoPath)
{
    cancel_ = std::make_shared<CancellationToken>();
    auto* thread = new QThread(this);
    thread->setObjectName(QStringLiteral("vigil-analysis"));
    auto* worker = new AnalysisWorker(videoPath, engine_, cancel_);
    worker->moveToThread(thread);
    connect(thread, &QThread::started, worker, &AnalysisWorker::run);
    connect(worker, &AnalysisWorker::progressChanged, this, &AnalysisRunner::progressChanged);
    connect(worker, &AnalysisWorker::windowsScored, this, &AnalysisRunner::windowsScored);
    connect(worker, &AnalysisWorker::featuresExtracted, this, &AnalysisRunner::featuresExtracted);
    connect(worker, &AnalysisWorker::succeeded, this, &AnalysisRunner::succeeded);
    connect(worker, &AnalysisWorker::failed, this, &AnalysisRunner::failed);
    connect(worker, &AnalysisWorker::cancelled, this, &AnalysisRunner::cancelled);
    connect(worker, &AnalysisWorker::finished, thread, &QThread::quit);
    // The worker is deleted on its own thread as that thread's loop ends.
    connect(thread, &QThread::finished, worker, &QObject::deleteLater);
    connect(thread, &QThread::finished, this, &AnalysisRunner::handleThreadFinished);
    thread_ = thread;
    thread->start();
    emit started(videoPath);
}

void AnalysisRunner::handleThreadFinished()
{
    if (thread_)
        thread_->deleteLater();
    thread_ = nullptr;
    emit finished();
    if (pendingPath_) {
        const QString next = *pendingPath_;
        pendingPath_.reset();
        launch(next);
    }
}

} // namespace vigil::ui
