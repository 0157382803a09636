#pragma once
// BatchRunner: analyses the files of a batch, several at once, and reports each file as it
// finishes. The caller owns the runner, the analyzers and the CancellationToken; run() blocks
// the calling thread while one job per analyzer works on its own thread (a single job runs on
// the calling thread). Callbacks come from the job threads, one at a time, and must not throw.
// A failing file never stops the others; cancelling stops every job at its next check and
// leaves the unreached files as "not_run". Finished outputs are kept; none is half-written.

#include "core/analysis/analysis_result.h"
#include "core/analysis/feature_pipeline.h"
#include "core/batch/batch_inputs.h"
#include "core/batch/batch_summary.h"
#include "core/batch/saved_result.h"
#include "core/common/cancellation.h"
#include "core/common/defaults.h"

#include <functional>
#include <string>
#include <vector>

namespace vigil::batch {

// Analyses one video. Each is called by one job thread at a time; the jobs may share one engine
// (the threading contract of core/engine/engine.h). Throws vigil::Error for a video it cannot
// analyse, Cancelled once cancel is set.
using VideoAnalyzer = std::function<analysis::AnalysisResult(const std::string& path,
    const CancellationToken& cancel, const analysis::ExtractionProgressCallback& onProgress)>;

enum class ResumeMode { AnalyseAll, SkipComplete };

struct BatchSettings {
    ResumeMode resume = ResumeMode::AnalyseAll;
    ExpectedSettings expected; // what SkipComplete requires of saved results
    analysis::EventRule events; // the summary counts its events
    // First on each job thread of its own (not when one job runs on the caller's thread).
    std::function<void()> onJobThreadStart;
};

struct BatchProgress {
    size_t filesDone = 0;
    size_t filesTotal = 0;
    std::vector<std::string> currentFiles; // relative paths being analysed now
    double currentFileFraction = 0.0; // how far the first of them is, 0..1
    double elapsedS = 0.0;
    double etaS = -1.0; // from the analysis rate so far; negative while unknown
};

struct BatchCallbacks {
    std::function<void(const BatchProgress&)> progressChanged; // often; throttle before drawing
    std::function<void(const BatchInput&, const BatchRow&)> fileFinished;
};

struct BatchReport {
    std::vector<BatchRow> rows; // one per input, in input order
    bool wasCancelled = false;

    size_t count(FileStatus status) const;
    size_t withResults() const; // rows with figures: analysed now, or complete from before
};

class BatchRunner {
public:
    BatchRunner(std::vector<BatchInput> inputs, BatchSettings settings,
        std::vector<VideoAnalyzer> analyzers);
    BatchRunner(const BatchRunner&) = delete;
    BatchRunner& operator=(const BatchRunner&) = delete;

    const std::vector<BatchInput>& inputs() const { return inputs_; }
    size_t jobs() const { return analyzers_.size(); }

    BatchReport run(const CancellationToken& cancel, const BatchCallbacks& callbacks = {});

private:
    class Run;

    std::vector<BatchInput> inputs_;
    BatchSettings settings_;
    std::vector<VideoAnalyzer> analyzers_;
};

} // namespace vigil::batch
