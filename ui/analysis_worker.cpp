#include "ui/analysis_worker.h"

#include "core/common/error.h"

#include <exception>

namespace vigil::ui {

AnalysisWorker::AnalysisWorker(QString videoPath, AnalysisEngine engine,
    std::shared_ptr<const CancellationToken> cancel, QObject* parent)
    : QObject(parent)
    , videoPath_(std::move(videoPath))
    , engine_(std::move(engine))
    , cancel_(std::move(cancel))
{
}

void AnalysisWorker::run()
{
    startedAt_ = std::chrono::steady_clock::now();
    lastReportAt_ = startedAt_ - kProgressInterval;
    lastPartialAt_ = startedAt_ - kPartialResultInterval;
    try {
        if (!engine_.isReady())
            throw ModelError("no networks are loaded");
        const std::string path = videoPath_.toStdString();
        emit progressChanged(AnalysisProgress {});
        // Windows are scored as their snippets arrive, for the GUI; at the end the whole
        // sequence is scored by the engine's own call, as `vigil analyze` does.
        const engine::Engine& engine = *engine_.engine;
        framesPerStep_ = engine.pipeline().framesPerStep();
        analysis::WindowStream stream(
            engine.classifier(), engine_.windows, engine.pipeline().framesPerStep());
        analysis::ExtractedFeatures extracted = engine.extract(
            path, *cancel_, [this](const analysis::ExtractionProgress& p) { reportExtraction(p); },
            [this, &stream](const FloatArray& steps) {
                windowsScored_ += stream.append(steps);
                reportWindows(stream, false);
            });
        cancel_->throwIfCancelled();
        reportWindows(stream, true);
        AnalysisProgress scoring;
        scoring.stage = AnalysisProgress::Stage::Scoring;
        scoring.framesDecoded = extracted.frames;
        scoring.framesEstimate = extracted.frames;
        scoring.stepsExtracted = extracted.features.rank() > 0 ? extracted.features.dim(0) : 0;
        scoring.stepsEstimate = scoring.stepsExtracted;
        scoring.windowsScored = windowsScored_;
        emit progressChanged(scoring);
        auto result
            = std::make_shared<analysis::AnalysisResult>(engine.score(extracted, engine_.windows));
        cancel_->throwIfCancelled();
        AnalysisProgress done = scoring;
        done.stage = AnalysisProgress::Stage::Done;
        done.windowsScored = static_cast<qint64>(result->windows.size());
        emit progressChanged(done);
        emit featuresExtracted(
            videoPath_, std::make_shared<const FloatArray>(std::move(extracted.features)));
        emit succeeded(std::move(result));
    } catch (const Cancelled&) {
        emit cancelled();
    } catch (const std::exception& error) {
        emit failed(QString::fromStdString(error.what()));
    } catch (...) {
        emit failed(tr("unexpected failure"));
    }
    emit finished();
}

void AnalysisWorker::reportWindows(const analysis::WindowStream& stream, bool isForced)
{
    const auto now = std::chrono::steady_clock::now();
    if (stream.windowCount() == windowsReported_
        || (!isForced && now - lastPartialAt_ < kPartialResultInterval))
        return;
    lastPartialAt_ = now;
    windowsReported_ = stream.windowCount();
    auto partial = std::make_shared<analysis::AnalysisResult>(
        stream.partialResult(engine_.engine->description()));
    partial->video.path = videoPath_.toStdString(); // names the run; the rest comes at the end
    emit windowsScored(std::move(partial));
}

void AnalysisWorker::reportExtraction(const analysis::ExtractionProgress& progress)
{
    const auto now = std::chrono::steady_clock::now();
    if (now - lastReportAt_ < kProgressInterval)
        return;
    lastReportAt_ = now;
    AnalysisProgress report;
    report.stage = AnalysisProgress::Stage::Extracting;
    report.framesDecoded = progress.framesDecoded;
    report.framesEstimate = progress.framesEstimate;
    report.stepsExtracted = progress.stepsExtracted;
    report.stepsEstimate = progress.stepsEstimate;
    report.windowsScored = windowsScored_;
    report.nextWindowAtSteps
        = windowsScored_ * engine_.windows.strideSteps + engine_.windows.windowSteps;
    // The rate and what is left count extracted snippets: the decoder is a queue ahead of them.
    const double elapsedS = std::chrono::duration<double>(now - startedAt_).count();
    if (elapsedS > 0.5 && progress.stepsExtracted > 0) {
        const double stepsPerSecond = static_cast<double>(progress.stepsExtracted) / elapsedS;
        report.framesPerSecond = stepsPerSecond * static_cast<double>(framesPerStep_);
        if (progress.stepsEstimate > progress.stepsExtracted)
            report.etaS = static_cast<double>(progress.stepsEstimate - progress.stepsExtracted)
                / stepsPerSecond;
    }
    emit progressChanged(report);
}

} // namespace vigil::ui
