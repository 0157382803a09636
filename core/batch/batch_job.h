#pragma once
// A whole batch as every front end runs it (vigil batch, the desktop app's batch dialog): find
// the files, pick the shard, clear what a killed run left when resuming, analyse each file with
// one shared engine on `jobs` threads, and write the summary. Blocks the calling thread; the
// callbacks come as BatchRunner's do. Throws IoError when the input or output folder cannot be
// used; a failing file is a row, never an exception.

#include "core/batch/batch_runner.h"
#include "core/batch/shard.h"
#include "core/common/defaults.h"
#include "core/engine/engine.h"

#include <cstddef>
#include <functional>
#include <string>

namespace vigil::batch {

struct BatchJobRequest {
    std::string inputDir;
    std::string outputDir;
    FolderDepth depth = FolderDepth::TopOnly;
    ResumeMode resume = ResumeMode::AnalyseAll;
    Shard shard;
    analysis::EventRule events; // the summary counts its events
    // Files analysed at once; more than the files found is cut down; 0: automaticJobs of the
    // files found and `threads`. With several, each job thread runs its networks on
    // threadsPerJob(threads, jobs) cores (Engine::useThreadsOnThisThread).
    size_t jobs = 1;
    int threads = 0; // the cores the jobs share; 0: all
    analysis::WindowSettings windows;
};

struct BatchJobCallbacks : BatchCallbacks {
    std::function<void(size_t filesFound)> filesFound; // once, before the first file
    std::function<void(size_t jobs, int threadsPerJob)> jobsChosen; // once, after filesFound
};

struct BatchJobOutcome {
    BatchReport report;
    size_t filesFound = 0;
    size_t staleTemporariesRemoved = 0; // when resuming
    std::string summaryPath;
    // Why the summary could not be written (its IoError's text); empty when it was. Not thrown,
    // so that the rows still decide the exit code: a batch whose every write failed analysed none.
    std::string summaryProblem;
};

BatchJobOutcome runBatchJob(const BatchJobRequest& request, const engine::Engine& engine,
    const CancellationToken& cancel, const BatchJobCallbacks& callbacks = {});

// The threads each job's networks get when `jobs` files run at once on `threads` (0: all cores).
int threadsPerJob(int threads, size_t jobs);

// `--jobs 0`: one job per core, each with one network thread, when there are at least twice as
// many files as cores; otherwise 1 job with every core. Two single-threaded jobs keep both
// cores of a 2-core machine busier than one job whose two threads meet at every layer (two long
// videos: 63 s against 73 s, docs/measurements), but a last file running alone on one
// thread leaves the other core idle: with at least two files per core that tail stays short.
size_t automaticJobs(size_t files, int threads);

} // namespace vigil::batch
