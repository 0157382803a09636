#include "ui/batch/batch_worker.h"

#include "core/batch/batch_job.h"
#include "core/common/error.h"

#include <filesystem>

namespace vigil::ui {

BatchWorker::BatchWorker(BatchJobSettings settings, AnalysisEngine engine, QObject* parent)
    : QObject(parent)
    , settings_(std::move(settings))
    , engine_(std::move(engine))
{
}

QVariant BatchWorker::run(TaskContext& context)
{
    if (!engine_.isReady())
        throw ModelError("no networks are loaded");
    batch::BatchJobRequest request;
    request.inputDir = settings_.inputDir.toStdString();
    request.outputDir = settings_.outputDir.toStdString();
    request.depth
        = settings_.isRecursive ? batch::FolderDepth::Recursive : batch::FolderDepth::TopOnly;
    request.resume
        = settings_.isResuming ? batch::ResumeMode::SkipComplete : batch::ResumeMode::AnalyseAll;
    request.events.on = settings_.threshold;
    request.windows = engine_.windows;
    request.jobs = 0; // automatic, from the files found
    request.threads = engine_.engine->threads();
    batch::BatchJobOutcome outcome;
    try {
        outcome
            = batch::runBatchJob(request, *engine_.engine, context.cancel(), callbacks(context));
    } catch (const std::filesystem::filesystem_error& error) {
        // The library's text names the call; the user needs the folder and why.
        throw IoError(request.outputDir + ": " + error.code().message());
    }
    const batch::BatchReport& report = outcome.report;
    emit counted(static_cast<int>(report.count(batch::FileStatus::Ok)),
        static_cast<int>(report.count(batch::FileStatus::Failed)),
        static_cast<int>(report.count(batch::FileStatus::Skipped)),
        static_cast<int>(report.count(batch::FileStatus::NotRun)));
    return QVariant::fromValue(
        BatchJobEnd { QString::fromStdString(outcome.summaryPath), report.wasCancelled });
}

batch::BatchJobCallbacks BatchWorker::callbacks(TaskContext& context)
{
    batch::BatchJobCallbacks callbacks;
    callbacks.filesFound = [this](size_t count) { emit filesFound(static_cast<int>(count)); };
    callbacks.jobsChosen
        = [this](size_t jobs, int threads) { emit jobsChosen(static_cast<int>(jobs), threads); };
    callbacks.progressChanged = [&context](const batch::BatchProgress& p) {
        BatchJobProgress progress;
        progress.filesDone = static_cast<int>(p.filesDone);
        progress.filesTotal = static_cast<int>(p.filesTotal);
        if (!p.currentFiles.empty())
            progress.currentFile = QString::fromStdString(p.currentFiles.front());
        progress.filesRunning = static_cast<int>(p.currentFiles.size());
        progress.fileFraction = progress.currentFile.isEmpty() ? 0.0 : p.currentFileFraction;
        progress.elapsedS = p.elapsedS;
        progress.etaS = p.etaS;
        TaskProgress task;
        task.fraction = progress.filesTotal > 0
            ? (progress.filesDone + progress.fileFraction) / progress.filesTotal
            : -1.0;
        task.text = progress.currentFile; // a new file is always reported
        task.etaS = p.etaS; // the runner's, which knows the files' lengths
        task.detail = QVariant::fromValue(progress);
        context.report(task, p.currentFiles.empty() ? ReportKind::Forced : ReportKind::Throttled);
    };
    callbacks.fileFinished = [this](const batch::BatchInput& input, const batch::BatchRow& row) {
        emit fileFinished(BatchFileResult { input, row });
    };
    return callbacks;
}

} // namespace vigil::ui
