#pragma once
// BatchWorker: runs one batch (core/batch's runBatchJob, as `vigil batch` does) on the thread it
// was moved to, with the GUI's engine as its one job. Created and owned by BatchJob, which moves it
// to a fresh QThread. Cancellation is by the shared CancellationToken, set directly from the GUI
// thread. Every finished file becomes fileFinished (not throttled: the table fills as files
// finish); progress is throttled; the outcome is succeeded, failed or cancelled, then finished.
// The summary CSV is written into the output folder at the end, also when cancelled.

#include "core/batch/batch_inputs.h"
#include "core/batch/batch_job.h"
#include "core/batch/batch_summary.h"
#include "core/common/cancellation.h"
#include "core/common/defaults.h"
#include "ui/analysis_engine.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <chrono>
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
    double fileFraction = 0.0; // of the current file, 0..1
    double elapsedS = 0.0;
    double etaS = -1.0; // negative while unknown
};

class BatchWorker : public QObject {
    Q_OBJECT
public:
    BatchWorker(BatchJobSettings settings, AnalysisEngine engine,
        std::shared_ptr<const CancellationToken> cancel, QObject* parent = nullptr);

    static constexpr std::chrono::milliseconds kProgressInterval { 100 };

public slots:
    void run();

signals:
    void filesFound(int count);
    void progressChanged(const vigil::ui::BatchJobProgress& progress);
    void fileFinished(const vigil::ui::BatchFileResult& result);
    // Before succeeded or cancelled: the counts of the rows summary.csv holds, every file
    // included (the files a cancel left unreached never finish one by one).
    void counted(int analysed, int failed, int skipped);
    void succeeded(const QString& summaryPath);
    void failed(const QString& message);
    void cancelled(const QString& summaryPath);
    void finished();

private:
    batch::BatchJobCallbacks callbacks();
    void report(const BatchJobProgress& progress, bool isForced);

    BatchJobSettings settings_;
    AnalysisEngine engine_;
    std::shared_ptr<const CancellationToken> cancel_;
    std::chrono::steady_clock::time_point lastReportAt_;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::ui::BatchJobProgress)
Q_DECLARE_METATYPE(vigil::ui::BatchFileResult)
