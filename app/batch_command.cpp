#include "app/batch_command.h"

#include "app/batch_progress_printer.h"
#include "app/cli_engine.h"
#include "app/exit_codes.h"
#include "core/batch/batch_job.h"
#include "core/common/error.h"
#include "core/common/plural.h"
#include "core/common/printable.h"

#include <cstdio>
#include <filesystem>
#include <string>

namespace vigil::app {
namespace {

int exitCodeOf(const batch::BatchReport& report)
{
    if (report.wasCancelled)
        return kExitCancelled;
    if (report.count(batch::FileStatus::Failed) == 0)
        return kExitOk;
    return report.withResults() == 0 ? kExitNoneSucceeded : kExitFailedInput;
}

int runJob(const batch::BatchJobRequest& request, const engine::Engine& engine,
    const RunOptions& options, const BatchCommandOptions& batchOptions,
    const CancellationToken& cancel)
{
    BatchProgressPrinter printer(ProgressPrinter::detectMode(options.isQuiet));
    batch::BatchJobCallbacks callbacks;
    callbacks.filesFound = [&](size_t count) {
        printer.setFilesFound(count);
        if (count == 0)
            printError(batchOptions.inputDir + ": no files to analyse"
                + (request.shard.isWhole() ? std::string() : " in shard " + batchOptions.shard));
    };
    callbacks.progressChanged
        = [&](const batch::BatchProgress& progress) { printer.update(progress); };
    callbacks.fileFinished = [&](const batch::BatchInput& input, const batch::BatchRow& row) {
        printer.fileFinished(input, row);
    };
    const batch::BatchJobOutcome outcome = batch::runBatchJob(request, engine, cancel, callbacks);
    printer.finish();
    if (outcome.staleTemporariesRemoved > 0)
        printError("note: removed "
            + counted(static_cast<int64_t>(outcome.staleTemporariesRemoved), "temporary file")
            + " that an interrupted run left in " + options.outputDir);
    const batch::BatchReport& report = outcome.report;
    if (!outcome.summaryProblem.empty()) {
        printError(outcome.summaryProblem);
        // No summary is a failure even when every video was analysed.
        return std::max<int>(exitCodeOf(report), kExitFailedInput);
    }
    const size_t notRun = report.count(batch::FileStatus::NotRun);
    std::printf("wrote %s: %zu ok, %zu failed, %zu skipped%s\n",
        printable(outcome.summaryPath).c_str(), report.count(batch::FileStatus::Ok),
        report.count(batch::FileStatus::Failed), report.count(batch::FileStatus::Skipped),
        notRun == 0 ? "" : (", " + std::to_string(notRun) + " not run").c_str());
    std::fflush(stdout);
    if (report.wasCancelled)
        printError("cancelled; finished outputs are kept, --resume goes on from there");
    return exitCodeOf(report);
}

void printJobs(size_t jobs, int threadsPerJob, bool isAutomatic)
{
    std::fprintf(stderr, "vigil: %s at a time, %s each%s\n",
        counted(static_cast<int64_t>(jobs), "video").c_str(),
        counted(threadsPerJob, "network thread").c_str(),
        isAutomatic ? " (--jobs 0: automatic)" : "");
}

// The files the batch will analyse, found before the engine is loaded for as many jobs as suit
// them; the job finds them again as it starts (a folder may change in between: it only sizes
// the jobs).
size_t countInputs(const batch::BatchJobRequest& request)
{
    return batch::selectShard(
        batch::findBatchInputs(request.inputDir, request.outputDir, request.depth), request.shard)
        .size();
}

} // namespace

int runBatch(const RunOptions& options, const BatchCommandOptions& batchOptions,
    const CancellationToken& cancel)
{
    const std::optional<batch::Shard> shard
        = batchOptions.shard.empty() ? batch::Shard {} : batch::parseShard(batchOptions.shard);
    if (!shard) {
        printError("--shard " + batchOptions.shard + ": expected K/N with 1 <= K <= N");
        return kExitUsage;
    }
    const std::optional<analysis::WindowSettings> windows = windowSettings(options.windows);
    if (!windows)
        return kExitUsage;
    // summary.csv's peak and events are the classifier's: a batch of detectors alone would
    // have none to write (Inception-I3D features: vigil features, then vigil score).
    if (!options.model.detectors.withAttention) {
        printError("batch needs the attention classifier (summary.csv's peaks and events are its); "
                   "for detectors alone, analyze each video or score its features");
        return kExitUsage;
    }
    batch::BatchJobRequest request;
    request.inputDir = batchOptions.inputDir;
    request.outputDir = options.outputDir;
    request.depth
        = batchOptions.isRecursive ? batch::FolderDepth::Recursive : batch::FolderDepth::TopOnly;
    request.resume
        = batchOptions.isResuming ? batch::ResumeMode::SkipComplete : batch::ResumeMode::AnalyseAll;
    request.shard = *shard;
    std::string problem;
    const std::optional<analysis::EventRule> events = eventRuleOf(batchOptions.events, &problem);
    if (!events) {
        printError(problem);
        return kExitUsage;
    }
    request.events = *events;
    request.windows = *windows;
    try {
        request.jobs = batchOptions.jobs > 0
            ? static_cast<size_t>(batchOptions.jobs)
            : batch::automaticJobs(countInputs(request), options.model.threads);
        // The jobs share one engine; each gets its share of the cores, at start-up and on its
        // own thread.
        request.threads = options.model.threads;
        engine::ModelRequest model = options.model;
        model.threads = batch::threadsPerJob(options.model.threads, request.jobs);
        int exitCode = kExitOk;
        const std::optional<engine::Engine> engine = loadCliEngine(model, exitCode);
        if (!engine)
            return exitCode;
        if (const std::string unscored = eventSourceProblem(*engine, request.events);
            !unscored.empty()) {
            printError(unscored);
            return kExitUsage;
        }
        if (!options.isQuiet) {
            printJobs(request.jobs, model.threads, batchOptions.jobs == 0);
            if (request.events.source.kind != analysis::EventSource::Kind::Classifier
                || request.events.hysteresis > 0.0 || request.events.minDurationS > 0.0)
                std::fprintf(stderr, "vigil: the summary counts %s\n",
                    describeEventRule(request.events).c_str());
        }
        return runJob(request, *engine, options, batchOptions, cancel);
    } catch (const Error& error) {
        printError(error.what());
        return kExitFailedInput;
    } catch (const std::filesystem::filesystem_error& error) {
        printError(options.outputDir + ": " + error.code().message());
        return kExitFailedInput;
    }
}

} // namespace vigil::app
