#include "ui/tasks/busy_work.h"

#include "ui/tasks/background_task.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QLabel>
#include <QProgressDialog>
#include <QTimer>

#include <exception>

namespace vigil::ui {

void runBusy(
    QWidget* parent, const QString& title, const QString& text, const std::function<void()>& job)
{
    QEventLoop loop;
    BackgroundTask task(QStringLiteral("vigil-busy"));
    QObject::connect(&task, &BackgroundTask::finished, &loop, &QEventLoop::quit);
    task.start([&job](TaskContext&) {
        job();
        return QVariant();
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
    // finished() is queued to this thread, so it cannot have fired before the loop runs.
    loop.exec();
    tick.stop();
    if (const std::exception_ptr failure = task.lastFailure())
        std::rethrow_exception(failure);
}

} // namespace vigil::ui
