#include "ui/batch_worker.h"

#include "core/batch/batch_job.h"
#include "core/common/error.h"

#include <exception>
#include <filesystem>

namespace vigil::ui {

BatchWorker::BatchWorker(BatchJobSettings settings, AnalysisEngine engine,
    std::shared_ptr<const CancellationToken> cancel, QObject* parent)
    : QObject(parent)
    , settings_(std::move(settings))
    , engine_(std::move(engine))
    , cancel_(std::move(cancel))
{
}

void BatchWorker::run()
{
    lastReportAt_ = std::chrono::steady_clock::now() - kProgressInterval;
    try {
        if (!engine_.isReady())
            throw ModelError("no networks are loaded");
        batch::BatchJobRequest request;
        request.inputDir = settings_.inputDir.toStdString();
        request.outputDir = settings_.outputDir.toStdString();
        request.depth
            = settings_.isRecursive ? batch::FolderDepth::Recursive : batch::FolderDepth::TopOnly;
        request.resume = settings_.isResuming ? batch::ResumeMode::SkipComplete
                                              : batch::ResumeMode::AnalyseAll;
        request.threshold = settings_.threshold;
        request.windows = engine_.windows;
        const batch::BatchJobOutcome outcome
            = batch::runBatchJob(request, *engine_.engine, *cancel_, callbacks());
        const QString summaryPath = QString::fromStdString(outcome.summaryPath);
        const batch::BatchReport& report = outcome.report;
        emit counted(static_cast<int>(report.count(batch::FileStatus::Ok)),
            static_cast<int>(report.count(batch::FileStatus::Failed)),
            static_cast<int>(report.count(batch::FileStatus::Skipped)));
        if (outcome.report.wasCancelled)
            emit cancelled(summaryPath);
        else
            emit succeeded(summaryPath);
    } catch (const Cancelled&) {
        emit cancelled(QString());
    } catch (const std::filesystem::filesystem_error& error) {
        emit failed(settings_.outputDir + QStringLiteral(": ")
            + QString::fromStdString(error.code().message()));
    } catch (const std::exception& error) {
        emit failed(QString::fromStdString(error.what()));
    } catch (...) {
        emit failed(tr("unexpected failure"));
    }
    emit finished();
}

batch::BatchJobCallbacks BatchWorker::callbacks()
{
    batch::BatchJobCallbacks callbacks;
    callbacks.filesFound = [this](size_t count) { emit filesFound(static_cast<int>(count)); };
    callbacks.progressChanged = [this](const batch::BatchProgress& p) {
        BatchJobProgress progress;
        progress.filesDone = static_cast<int>(p.filesDone);
        progress.filesTotal = static_cast<int>(p.filesTotal);
        if (!p.currentFiles.empty())
            progress.currentFile = QString::fromStdString(p.currentFiles.front());
        progress.fileFraction = progress.currentFile.isEmpty() ? 0.0 : p.currentFileFraction;
        progress.elapsedS = p.elapsedS;
        progress.etaS = p.etaS;
        report(progress, p.currentFiles.empty());
    };
    callbacks.fileFinished = [this](const batch::BatchInput& input, const batch::BatchRow& row) {
        emit fileFinished(BatchFileResult { input, row });
    };
    return callbacks;
}

void BatchWorker::report(const BatchJobProgress& progress, bool isForced)
{
    const auto now = std::chrono::steady_clock::now();
    if (!isForced && now - lastReportAt_ < kProgressInterval)
        return;
    lastReportAt_ = now;
    emit progressChanged(progress);
}

} // namespace vigil::ui
