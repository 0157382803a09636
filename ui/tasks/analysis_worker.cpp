#include "ui/tasks/analysis_worker.h"

#include "core/common/backbone_table.h"
#include "core/common/error.h"

#include <exception>

namespace vigil::ui {

namespace {

// The share of the whole a report stands for: extraction is nearly all of an analysis.
TaskProgress taskProgress(const AnalysisProgress& progress)
{
    TaskProgress task;
    if (progress.stage == AnalysisProgress::Stage::Done)
        task.fraction = 1.0;
    else if (const double share = extractedShare(progress); share >= 0.0)
        task.fraction = share;
    task.detail = QVariant::fromValue(progress);
    return task;
}

} // namespace

AnalysisWorker::AnalysisWorker(QString videoPath, AnalysisEngine engine, QObject* parent)
    : QObject(parent)
    , videoPath_(std::move(videoPath))
    , engine_(std::move(engine))
{
}

QVariant AnalysisWorker::run(TaskContext& context)
{
    const CancellationToken& cancel = context.cancel();
    if (!engine_.isReady())
        throw ModelError("no networks are loaded");
    const std::string path = videoPath_.toStdString();
    context.report(taskProgress(AnalysisProgress {}), ReportKind::Forced);
    // Windows are scored as their snippets arrive, for the GUI; at the end the whole
    // sequence is scored by the engine's own call, as `vigil analyze` does.
    const engine::Engine& engine = *engine_.engine;
    framesPerStep_ = engine.pipeline().framesPerStep();
    analysis::WindowStream stream(
        engine.classifier(), engine_.windows, engine.pipeline().framesPerStep());
    analysis::ExtractedFeatures extracted = engine.extract(
        path, cancel,
        [this, &context](const analysis::ExtractionProgress& p) { reportExtraction(context, p); },
        [this, &stream](const FloatArray& steps) {
            windowsScored_ += stream.append(steps);
            reportWindows(stream, false);
        });
    cancel.throwIfCancelled();
    reportWindows(stream, true);
    // Detectors of other features: the video once more per family, before the scoring.
    const std::vector<analysis::ExtractedFeatures> others = engine.extractOtherFamilies(path,
        cancel,
        [this, &context](const analysis::ExtractionProgress& p) { reportExtraction(context, p); });
    AnalysisProgress scoring;
    scoring.stage = AnalysisProgress::Stage::Scoring;
    scoring.framesDecoded = extracted.frames;
    scoring.framesEstimate = extracted.frames;
    scoring.stepsExtracted = extracted.features.rank() > 0 ? extracted.features.dim(0) : 0;
    scoring.stepsEstimate = scoring.stepsExtracted;
    scoring.windowsScored = windowsScored_;
    context.report(taskProgress(scoring), ReportKind::Forced);
    auto result = std::make_shared<const analysis::AnalysisResult>(
        engine.score(extracted, engine_.windows, others));
    cancel.throwIfCancelled();
    AnalysisProgress done = scoring;
    done.stage = AnalysisProgress::Stage::Done;
    done.windowsScored = static_cast<qint64>(result->windows.size());
    context.report(taskProgress(done), ReportKind::Forced);
    emit featuresExtracted(
        videoPath_, std::make_shared<const FloatArray>(std::move(extracted.features)));
    return QVariant::fromValue(ResultPointer(std::move(result)));
}

void AnalysisWorker::reportWindows(const analysis::WindowStream& stream, bool isForced)
{
    if (stream.windowCount() == windowsReported_ || !partialThrottle_.isDue(isForced))
        return;
    windowsReported_ = stream.windowCount();
    auto partial = std::make_shared<analysis::AnalysisResult>(
        stream.partialResult(engine_.engine->description()));
    partial->video.path = videoPath_.toStdString(); // names the run; the rest comes at the end
    emit windowsScored(std::move(partial));
}

void AnalysisWorker::reportExtraction(
    TaskContext& context, const analysis::ExtractionProgress& progress)
{
    AnalysisProgress report;
    report.stage = AnalysisProgress::Stage::Extracting;
    report.framesDecoded = progress.framesDecoded;
    report.framesEstimate = progress.framesEstimate;
    report.stepsExtracted = progress.stepsExtracted;
    report.stepsEstimate = progress.stepsEstimate;
    report.windowsScored = windowsScored_;
    report.pass = progress.pass;
    report.passes = progress.passes;
    if (progress.pass > 0) {
        const std::string_view name = backboneRow(
            engine_.engine->otherFamilies().at(static_cast<size_t>(progress.pass - 1)).backbone)
                                          .name;
        report.backboneName = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
    }
    report.nextWindowAtSteps
        = windowsScored_ * engine_.windows.strideSteps + engine_.windows.windowSteps;
    // The rate counts extracted snippets: the decoder is a queue ahead of them. What is left
    // is the task's estimate from the share of snippets done.
    const double elapsedS = context.elapsedS();
    if (progress.pass == 0 && elapsedS > TaskContext::kEtaAfterS && progress.stepsExtracted > 0)
        report.framesPerSecond = static_cast<double>(progress.stepsExtracted)
            * static_cast<double>(framesPerStep_) / elapsedS;
    context.report(taskProgress(report));
}

} // namespace vigil::ui
