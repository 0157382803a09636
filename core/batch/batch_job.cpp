#include "core/batch/batch_job.h"

#include "core/analysis/weights_summary.h"
#include "core/common/error.h"
#include "core/files/atomic_file.h"

#include <algorithm>
#include <filesystem>
#include <thread>

namespace vigil::batch {

int threadsPerJob(int threads, size_t jobs)
{
    const int total = threads > 0
        ? threads
        : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return std::max(1, total / static_cast<int>(std::max<size_t>(1, jobs)));
}

size_t automaticJobs(size_t files, int threads)
{
    const auto cores = static_cast<size_t>(threadsPerJob(threads, 1));
    return files >= 2 * cores ? cores : 1;
}

BatchJobOutcome runBatchJob(const BatchJobRequest& request, const engine::Engine& engine,
    const CancellationToken& cancel, const BatchJobCallbacks& callbacks)
{
    BatchJobOutcome outcome;
    files::createOutputFolder(request.outputDir);
    std::vector<BatchInput> inputs = selectShard(
        findBatchInputs(request.inputDir, request.outputDir, request.depth), request.shard);
    outcome.filesFound = inputs.size();
    if (callbacks.filesFound)
        callbacks.filesFound(inputs.size());
    if (request.resume == ResumeMode::SkipComplete)
        outcome.staleTemporariesRemoved = files::removeStaleTemporaries(request.outputDir);

    BatchSettings settings;
    settings.resume = request.resume;
    settings.expected = expectedSettingsOf(engine, request.windows);
    settings.events = request.events;
    // Every job shares the one engine: its networks are immutable, each run owns its buffers.
    const size_t wanted
        = request.jobs > 0 ? request.jobs : automaticJobs(inputs.size(), request.threads);
    const size_t jobs = std::clamp<size_t>(inputs.size(), 1, wanted);
    const int perJob = threadsPerJob(request.threads, jobs);
    if (jobs > 1)
        settings.onJobThreadStart = [&engine, perJob] { engine.useThreadsOnThisThread(perJob); };
    if (callbacks.jobsChosen)
        callbacks.jobsChosen(jobs, perJob);
    const analysis::WindowSettings windows = request.windows;
    std::vector<VideoAnalyzer> analyzers(jobs,
        [&engine, windows](const std::string& path, const CancellationToken& runCancel,
            const analysis::ExtractionProgressCallback& onProgress) {
            return engine.analyze(path, windows, runCancel, onProgress);
        });
    // Resumed rows were made with these networks too: --resume checks that. Rows are named
    // as they finish, so a front end that shows them one by one (the GUI's table) has it too.
    const std::string weights = analysis::weightsSummary(engine.description());
    BatchCallbacks named = callbacks;
    if (callbacks.fileFinished)
        named.fileFinished = [&callbacks, &weights](const BatchInput& input, const BatchRow& row) {
            BatchRow withWeights = row;
            if (withWeights.figures)
                withWeights.weights = weights;
            callbacks.fileFinished(input, withWeights);
        };
    BatchRunner runner(std::move(inputs), settings, std::move(analyzers));
    outcome.report = runner.run(cancel, named);
    for (BatchRow& row : outcome.report.rows)
        if (row.figures)
            row.weights = weights;
    outcome.summaryPath
        = (std::filesystem::path(request.outputDir) / summaryFileName(request.shard)).string();
    try {
        writeSummary(outcome.summaryPath, outcome.report.rows);
    } catch (const IoError& error) {
        outcome.summaryProblem = error.what();
    }
    return outcome;
}

} // namespace vigil::batch
