#include "ui/batch_worker.h"

#include "core/batch/batch_runner.h"
#include "core/common/error.h"
#include "core/io/atomic_file.h"

#include <QDir>

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
        const std::string outputDir = settings_.outputDir.toStdString();
        std::filesystem::create_directories(outputDir);
        std::vector<batch::BatchInput> inputs = batch::findBatchInputs(
            settings_.inputDir.toStdString(), outputDir,
            settings_.isRecursive ? batch::FolderDepth::Recursive : batch::FolderDepth::TopOnly);
        emit filesFound(static_cast<int>(inputs.size()));

        if (settings_.isResuming)
            io::removeStaleTemporaries(outputDir); // what a killed run left; never a live write

        batch::BatchSettings settings;
        settings.resume = settings_.isResuming ? batch::ResumeMode::SkipComplete
                                               : batch::ResumeMode::AnalyseAll;
        settings.expected = { engine_.model.backbone, engine_.model.crops,
            engine_.windows.windowSteps, engine_.windows.strideSteps };
        settings.threshold = settings_.threshold;
        const AnalysisEngine& engine = engine_;
        batch::VideoAnalyzer analyzer
            = [&engine](const std::string& path, const CancellationToken& cancel,
                  const analysis::ExtractionProgressCallback& onProgress) {
                  analysis::AnalysisResult result = analysis::analyzeVideo(path, *engine.pipeline,
                      *engine.scorer, engine.model, engine.windows, cancel, onProgress);
                  result.warnings.insert(
                      result.warnings.begin(), engine.warnings.begin(), engine.warnings.end());
                  return result;
              };
        // The runner reports a file's progress through the analyzer's callback; the fraction is
        // kept here so the batch progress can show how far the current file is.
        batch::VideoAnalyzer tracked
            = [this, analyzer](const std::string& path, const CancellationToken& cancel,
                  const analysis::ExtractionProgressCallback& onProgress) {
                  fileFraction_ = 0.0;
                  return analyzer(
                      path, cancel, [this, &onProgress](const analysis::ExtractionProgress& p) {
                          if (p.framesEstimate > 0)
                              fileFraction_ = std::min(1.0,
                                  static_cast<double>(p.framesDecoded)
                                      / static_cast<double>(p.framesEstimate));
                          onProgress(p);
                      });
              };
        batch::BatchRunner runner(inputs, settings, { tracked });
        batch::BatchCallbacks callbacks;
        callbacks.progressChanged = [this](const batch::BatchProgress& p) {
            BatchJobProgress progress;
            progress.filesDone = static_cast<int>(p.filesDone);
            progress.filesTotal = static_cast<int>(p.filesTotal);
            if (!p.currentFiles.empty())
                progress.currentFile = QString::fromStdString(p.currentFiles.front());
            progress.fileFraction = progress.currentFile.isEmpty() ? 0.0 : fileFraction_.load();
            progress.elapsedS = p.elapsedS;
            progress.etaS = p.etaS;
            report(progress, p.currentFiles.empty());
        };
        callbacks.fileFinished
            = [this](const batch::BatchInput& input, const batch::BatchRow& row) {
                  emit fileFinished(BatchFileResult { input, row });
              };
        const batch::BatchReport result = runner.run(*cancel_, callbacks);
        const QString summaryPath
            = QDir(settings_.outputDir).filePath(QStringLiteral("summary.csv"));
        batch::writeSummary(summaryPath.toStdString(), result.rows);
        if (result.wasCancelled)
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

void BatchWorker::report(const BatchJobProgress& progress, bool isForced)
{
    const auto now = std::chrono::steady_clock::now();
    if (!isForced && now - lastReportAt_ < kProgressInterval)
        return;
    lastReportAt_ = now;
    emit progressChanged(progress);
}

} // namespace vigil::ui
