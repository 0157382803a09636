#include "ui/demo_job.h"

#include <exception>

namespace vigil::ui {

DemoJob::DemoJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<vigil::ui::DemoLaunch>();
}

DemoJob::~DemoJob()
{
    if (thread_) {
        cancel_->cancel();
        thread_->wait();
        delete thread_; // its finished() is not delivered to a destroyed job
    }
}

void DemoJob::start(DemoMaker maker)
{
    if (isRunning())
        return;
    cancel_ = std::make_shared<CancellationToken>();
    // Signals emitted on the worker thread reach the GUI thread's receivers queued.
    thread_ = QThread::create([this, maker = std::move(maker), cancel = cancel_] {
        try {
            DemoLaunch launch = maker(*cancel, [this](const QString& stage, double fraction) {
                emit progressChanged(stage, fraction);
            });
            emit succeeded(launch);
        } catch (const Cancelled&) {
            emit cancelled();
        } catch (const std::exception& error) {
            emit failed(QString::fromStdString(error.what()));
        }
    });
    connect(thread_, &QThread::finished, this, [this] {
        thread_->deleteLater();
        thread_ = nullptr;
        emit finished();
    });
    thread_->start();
}

void DemoJob::cancel()
{
    if (cancel_)
        cancel_->cancel();
}

} // namespace vigil::ui
