#pragma once
// BatchWorker: the job of one batch (core/batch's runBatchJob, as `vigil batch` does) with the
// GUI's engine shared by its jobs (as many as `vigil batch --jobs 0` runs, each job thread taking
// its share of the engine's cores), run on a BackgroundTask's thread by BatchJob. Cancellation is
// by the task's token, set directly from the GUI thread. Every finished file becomes fileFinished
// (emitted on the task's thread, so queued; not throttled: the table fills as files finish);
// progress goes through the task, throttled. The summary CSV is written into the output folder
// at the end, also when cancelled.

#include "core/batch/batch_inputs.h"
#include "core/batch/batch_job.h"
#include "core/batch/batch_summary.h"
#include "core/common/cancellation.h"
#include "core/common/defaults.h"
#include "ui/tasks/analysis_engine.h"
#include "ui/tasks/background_task.h"

#include <QObject>
#include <QString>

#include <memory>

namespace vigil::ui {

struct BatchJobSettings {
    QString inputDir;
    QString outputDir;
    bool isRecursive = false;
    bool isResuming = false; // skip videos whose saved results are complete
    double threshold = defaults::kThreshold;
};

// One file's outcome, with where its video and results are.
struct BatchFileResult {
    batch::BatchInput input;
    batch::BatchRow row;
};

struct BatchJobProgress {
    int filesDone = 0;
    int filesTotal = 0;
    QString currentFile; // relative path; empty between files
    int filesRunning = 0; // currentFile and the other jobs' files
    double fileFraction = 0.0; // of the current file, 0..1
    double elapsedS = 0.0;
    double etaS = -1.0; // negative while unknown
};

// How a batch that ran to its end (or to a cancel between files) ended: the result of its task.
struct BatchJobEnd {
    QString summaryPath;
    bool wasCancelled = false;
};

class BatchWorker : public QObject {
    Q_OBJECT
public:
    BatchWorker(BatchJobSettings settings, AnalysisEngine engine, QObject* parent = nullptr);

    // On the task's thread. Returns a BatchJobEnd; throws Cancelled, IoError naming the output
    // folder, ModelError without networks.
    QVariant run(TaskContext& context);

signals:
    void filesFound(int count);
    // Right after filesFound: how many files run at once, on how many cores each.
    void jobsChosen(int jobs, int threadsPerJob);
    void progressChanged(const vigil::ui::BatchJobProgress& progress);
    void fileFinished(const vigil::ui::BatchFileResult& result);
    // Before the end: the counts of the rows summary.csv holds, every file included (the files
    // a cancel left unreached never finish one by one).
    void counted(int analysed, int failed, int skipped, int notRun);

private:
    batch::BatchJobCallbacks callbacks(TaskContext& context);

    BatchJobSettings settings_;
    AnalysisEngine engine_;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::ui::BatchJobProgress)
Q_DECLARE_METATYPE(vigil::ui::BatchFileResult)
Q_DECLARE_METATYPE(vigil::ui::BatchJobEnd)
