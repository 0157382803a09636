#pragma once
// AnalysisRunner: runs one AnalysisWorker per run as its BackgroundTask's job and relays the
// outcome to the GUI thread as typed signals. Lives on the GUI thread; owns the task (its
// thread and cancellation token). One run at a time: starting another cancels the current one
// and starts when it has finished. The task's destructor cancels and waits, so no thread
// outlives the runner.

#include "ui/tasks/analysis_engine.h"
#include "ui/tasks/analysis_worker.h"
#include "ui/tasks/background_task.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

namespace vigil::ui {

class AnalysisRunner : public QObject {
    Q_OBJECT
public:
    explicit AnalysisRunner(AnalysisEngine engine, QObject* parent = nullptr);
    ~AnalysisRunner() override;

    bool isRunning() const { return task_->isRunning(); }
    const AnalysisEngine& engine() const { return engine_; }
    // Networks for the next runs (a run in progress keeps its own copy).
    void setEngine(AnalysisEngine engine) { engine_ = std::move(engine); }

public slots:
    void start(const QString& videoPath);
    // Thread-safe through the token; the run stops at its next unit of work (one snippet).
    void cancel();

signals:
    void started(const QString& videoPath);
    void progressChanged(const vigil::ui::AnalysisProgress& progress);
    void windowsScored(const vigil::ui::ResultPointer& partial);
    void featuresExtracted(const QString& videoPath, const vigil::ui::FeaturesPointer& features);
    void succeeded(const vigil::ui::ResultPointer& result);
    void failed(const QString& message);
    void cancelled();
    void finished();

private:
    void launch(const QString& videoPath);
    void handleTaskFinished();

    AnalysisEngine engine_;
    BackgroundTask* task_;
    std::optional<QString> pendingPath_;
};

} // namespace vigil::ui
