#include "ui/busy_work.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QLabel>
#include <QProgressDialog>
#include <QTimer>

#include <atomic>
#include <exception>
#include <thread>

namespace vigil::ui {

void runBusy(
    QWidget* parent, const QString& title, const QString& text, const std::function<void()>& job)
{
    std::atomic<bool> isDone { false };
    std::exception_ptr failure;
    QEventLoop loop;
    std::thread worker([&] {
        try {
            job();
        } catch (...) {
            failure = std::current_exception();
        }
        isDone = true;
        // Queued to the loop's thread: wakes it even when no timer is due.
        QMetaObject::invokeMethod(&loop, "quit", Qt::QueuedConnection);
    });
    QProgressDialog dialog(parent);
    dialog.setWindowTitle(title);
    dialog.setRange(0, 0); // busy: how long a load or a calibration takes is not known ahead
    dialog.setCancelButton(nullptr);
    dialog.setMinimumDuration(300); // a quick load shows nothing
    dialog.setWindowModality(Qt::ApplicationModal);
    auto* label = new QLabel(&dialog);
    label->setWordWrap(true);
    label->setMinimumWidth(420);
    dialog.setLabel(label);
    QElapsedTimer clock;
    clock.start();
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, &dialog, [&] {
        dialog.setLabelText(QObject::tr("%1\n\n%2 s").arg(text).arg(clock.elapsed() / 1000));
    });
    dialog.setLabelText(text);
    tick.start(250);
    if (!isDone)
        loop.exec();
    worker.join();
    tick.stop();
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace vigil::ui
