#pragma once
// BatchJob: runs one batch at a time, a BatchWorker as its BackgroundTask's job, and relays its
// signals to the GUI thread. Lives on the GUI thread; owns the task (thread and cancellation
// token). cancel() is a direct, thread-safe call; the destructor cancels and waits, so no batch
// outlives its dialog (finished outputs are kept: BatchRunner never leaves half-written files).

#include "ui/batch/batch_worker.h"
#include "ui/tasks/background_task.h"

#include <QObject>

#include <memory>

namespace vigil::ui {

class BatchJob : public QObject {
    Q_OBJECT
public:
    explicit BatchJob(QObject* parent = nullptr);
    ~BatchJob() override;

    bool isRunning() const { return task_->isRunning(); }
    // Ignored while a batch runs.
    void start(const BatchJobSettings& settings, const AnalysisEngine& engine);
    void cancel();
    // Cancels and blocks until the batch has stopped (at the current file's next snippet).
    void cancelAndWait();

signals:
    void filesFound(int count);
    // Right after filesFound: how many files run at once, on how many cores each.
    void jobsChosen(int jobs, int threadsPerJob);
    void progressChanged(const vigil::ui::BatchJobProgress& progress);
    void fileFinished(const vigil::ui::BatchFileResult& result);
    // Before succeeded or cancelled: the counts of the rows summary.csv holds, every file
    // included (the files a cancel left unreached never finish one by one).
    void counted(int analysed, int failed, int skipped, int notRun);
    void succeeded(const QString& summaryPath);
    void failed(const QString& message);
    void cancelled(const QString& summaryPath);
    void finished();

private:
    BackgroundTask* task_;
};

} // namespace vigil::ui
