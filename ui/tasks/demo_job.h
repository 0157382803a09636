#pragma once
// DemoJob: runs the maker of "Try the demo" (given by app/: core/demo makes or finds the demo and
// loads its networks) as its BackgroundTask's job, and relays its progress and outcome to the
// GUI thread. Lives on the GUI thread; owns the task (thread and cancellation token). cancel()
// is a direct, thread-safe call; the destructor cancels and waits. The maker's exceptions
// become failed().

#include "ui/tasks/analysis_engine.h"
#include "ui/tasks/background_task.h"

#include "core/common/cancellation.h"

#include <QMetaType>
#include <QObject>
#include <QString>

#include <functional>
#include <memory>

namespace vigil::ui {

// What the demo opens: its video and the networks to analyse it with.
struct DemoLaunch {
    QString videoPath;
    AnalysisEngine engine;
};

// A stage in words and how far the whole is (0..1); called on the job's thread.
using DemoProgress = std::function<void(const QString& stage, double fraction)>;
// Runs on the job's thread; throws vigil::Error (or any std::exception) on failure, Cancelled.
using DemoMaker = std::function<DemoLaunch(const CancellationToken& cancel, const DemoProgress&)>;

class DemoJob : public QObject {
    Q_OBJECT
public:
    explicit DemoJob(QObject* parent = nullptr);
    ~DemoJob() override;

    bool isRunning() const { return task_->isRunning(); }
    // Ignored while a demo is being made.
    void start(DemoMaker maker);
    void cancel();

signals:
    void progressChanged(const QString& stage, double fraction);
    void succeeded(const vigil::ui::DemoLaunch& launch);
    void failed(const QString& message);
    void cancelled();
    void finished();

private:
    BackgroundTask* task_;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::ui::DemoLaunch)
