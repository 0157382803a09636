#include "app/batch_command.h"

#include "app/batch_progress_printer.h"
#include "app/exit_codes.h"
#include "app/loaded_models.h"
#include "core/batch/batch_runner.h"
#include "core/common/error.h"
#include "core/io/atomic_file.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <thread>

namespace vigil::app {
namespace {

// What one job analyses with: its own networks (each is used by one thread at a time).
struct JobEngine {
    analysis::FeaturePipeline pipeline;
    std::shared_ptr<analysis::WindowScorer> scorer;
};

int threadsPerJob(int threads, int jobs)
{
    const int total = threads > 0
        ? threads
        : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return std::max(1, total / std::max(1, jobs));
}

// The first job uses the loaded networks; every other job loads its own copy of the same weights.
std::vector<JobEngine> makeEngines(const Models& models, size_t jobs)
{
    std::vector<JobEngine> engines;
    engines.push_back({ makePipeline(models.resolved, models), models.classifier.scorer });
    for (size_t job = 1; job < jobs; ++job) {
        Models copy;
        copy.backbone = models::loadBackbone(
            models.resolved.backbone, models.resolved.backboneWeights, {}, models.resolved.device);
        engines.push_back({ makePipeline(models.resolved, copy),
            models::loadClassifier(models.resolved.classifierWeights).scorer });
    }
    return engines;
}

std::vector<batch::VideoAnalyzer> makeAnalyzers(
    std::vector<JobEngine>& engines, const Models& models, const analysis::WindowSettings& windows)
{
    std::vector<batch::VideoAnalyzer> analyzers;
    for (JobEngine& engine : engines)
        analyzers.push_back(
            [&engine, &models, windows](const std::string& path, const CancellationToken& cancel,
                const analysis::ExtractionProgressCallback& onProgress) {
                analysis::AnalysisResult result = analysis::analyzeVideo(path, engine.pipeline,
                    *engine.scorer, models.description, windows, cancel, onProgress);
                result.warnings.insert(
                    result.warnings.begin(), models.warnings.begin(), models.warnings.end());
                return result;
            });
    return analyzers;
}

int exitCodeOf(const batch::BatchReport& report)
{
    if (report.wasCancelled)
        return kExitCancelled;
    if (report.count(batch::FileStatus::Failed) == 0)
        return kExitOk;
    return report.withResults() == 0 ? kExitNoneSucceeded : kExitFailedInput;
}

int runWithModels(const RunOptions& options, const BatchCommandOptions& batchOptions,
    std::vector<batch::BatchInput> inputs, const batch::Shard& shard, const Models& models,
    size_t jobs, const CancellationToken& cancel)
{
    std::vector<JobEngine> engines = makeEngines(models, jobs);
    const analysis::WindowSettings windows = windowSettings(options.windows);
    batch::BatchSettings settings;
    settings.resume
        = batchOptions.isResuming ? batch::ResumeMode::SkipComplete : batch::ResumeMode::AnalyseAll;
    settings.expected = { models.description.backbone, models.description.crops,
        windows.windowSteps, windows.strideSteps };
    settings.threshold = batchOptions.threshold;
    if (batchOptions.isResuming) {
        if (const size_t removed = io::removeStaleTemporaries(options.outputDir); removed > 0)
            printError("note: removed " + std::to_string(removed)
                + " temporary file(s) that an interrupted run left in " + options.outputDir);
    }
    batch::BatchRunner runner(std::move(inputs), settings, makeAnalyzers(engines, models, windows));

    BatchProgressPrinter printer(ProgressPrinter::detectMode(options.isQuiet));
    batch::BatchCallbacks callbacks;
    callbacks.progressChanged
        = [&](const batch::BatchProgress& progress) { printer.update(progress); };
    callbacks.fileFinished = [&](const batch::BatchInput& input, const batch::BatchRow& row) {
        printer.fileFinished(input, row);
    };
    const batch::BatchReport report = runner.run(cancel, callbacks);
    printer.finish();

    const std::string summaryPath
        = (std::filesystem::path(options.outputDir) / batch::summaryFileName(shard)).string();
    batch::writeSummary(summaryPath, report.rows);
    std::printf("wrote %s: %zu ok, %zu failed, %zu skipped\n", summaryPath.c_str(),
        report.count(batch::FileStatus::Ok), report.count(batch::FileStatus::Failed),
        report.count(batch::FileStatus::Skipped));
    std::fflush(stdout);
    if (report.wasCancelled)
        printError("cancelled; finished outputs are kept, --resume goes on from there");
    return exitCodeOf(report);
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
    std::vector<batch::BatchInput> inputs;
    try {
        std::filesystem::create_directories(options.outputDir);
        const auto depth = batchOptions.isRecursive ? batch::FolderDepth::Recursive
                                                    : batch::FolderDepth::TopOnly;
        inputs = batch::selectShard(
            batch::findBatchInputs(batchOptions.inputDir, options.outputDir, depth), *shard);
        if (inputs.empty())
            printError(batchOptions.inputDir + ": no files to analyse"
                + (shard->isWhole() ? std::string() : " in shard " + batchOptions.shard));
        // More jobs than files would only load networks that never run.
        const size_t jobs = std::clamp<size_t>(
            inputs.size(), 1, static_cast<size_t>(std::max(1, batchOptions.jobs)));
        ModelOptions modelOptions = options.model;
        modelOptions.threads = threadsPerJob(options.model.threads, static_cast<int>(jobs));
        const std::optional<Models> models = loadModels(modelOptions, true);
        if (!models)
            return kExitUsage;
        return runWithModels(
            options, batchOptions, std::move(inputs), *shard, *models, jobs, cancel);
    } catch (const Error& error) {
        printError(error.what());
        return kExitFailedInput;
    } catch (const std::filesystem::filesystem_error& error) {
        printError(options.outputDir + ": " + error.code().message());
        return kExitFailedInput;
    }
}

} // namespace vigil::app
