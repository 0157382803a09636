#include "core/batch/batch_runner.h"

#include "core/common/error.h"
#include "core/formats/result_files.h"
#include "core/media/video_probe.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

namespace vigil::batch {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Errors name their file first ("dir/a.mp4: cannot open: ..."); the summary has a path column.
std::string withoutPath(const std::string& message, const std::string& path)
{
    const std::string prefix = path + ": ";
    return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
}

std::string joined(const std::vector<std::string>& parts)
{
    std::string text;
    for (const std::string& part : parts)
        text += (text.empty() ? "" : "; ") + part;
    return text;
}

} // namespace

size_t BatchReport::count(FileStatus status) const
{
    return static_cast<size_t>(std::count_if(
        rows.begin(), rows.end(), [&](const BatchRow& row) { return row.status == status; }));
}

size_t BatchReport::withResults() const
{
    return static_cast<size_t>(std::count_if(
        rows.begin(), rows.end(), [](const BatchRow& row) { return row.figures.has_value(); }));
}

// The state of one run(), shared by its job threads under mutex_.
class BatchRunner::Run {
public:
    Run(const BatchRunner& runner, const CancellationToken& cancel, const BatchCallbacks& callbacks)
        : runner_(runner)
        , cancel_(cancel)
        , callbacks_(callbacks)
    {
        for (const BatchInput& input : runner.inputs_)
            rows_.push_back({ input.relativePath, FileStatus::NotRun,
                "not reached: the batch was interrupted", {}, 0.0, {} });
    }

    void work(size_t job)
    {
        for (;;) {
            const size_t index = next_.fetch_add(1);
            if (index >= runner_.inputs_.size() || cancel_.isCancelled())
                return;
            const BatchInput& input = runner_.inputs_[index];
            const Clock::time_point start = Clock::now();
            std::optional<BatchRow> row;
            try {
                row = process(input, job);
            } catch (const Cancelled&) {
                finishUnreached(job);
                return;
            }
            row->secondsTaken = secondsSince(start);
            finish(index, job, std::move(*row));
        }
    }

    BatchReport report() { return { std::move(rows_), cancel_.isCancelled() }; }

private:
    BatchRow process(const BatchInput& input, size_t job)
    {
        BatchRow row { input.relativePath, FileStatus::Skipped, {}, {}, 0.0, {} };
        if (!input.problem.empty()) {
            // A folder's videos, or a file named like a video, were not analysed: a failure.
            row.status = input.isFolder || hasVideoExtension(input.path) ? FileStatus::Failed
                                                                         : FileStatus::Skipped;
            row.message = input.problem;
            return row;
        }
        std::string redoNote;
        std::error_code ignored;
        if (runner_.settings_.resume == ResumeMode::SkipComplete
            && fs::exists(input.jsonPath(), ignored)) {
            const SavedResult saved = checkSavedResult(input.jsonPath(), input.csvPath(),
                runner_.settings_.expected, runner_.settings_.events);
            if (saved.isComplete) {
                row.message = "outputs already complete (--resume)";
                row.figures = saved.figures;
                return row;
            }
            redoNote = "analysed again, the earlier outputs were incomplete: " + saved.problem;
        }
        const media::VideoProbe probe = media::probeVideo(input.path, &cancel_);
        if (!probe.isVideo) {
            row.status = hasVideoExtension(input.path) ? FileStatus::Failed : FileStatus::Skipped;
            // An empty file is reported as analyze reports it, not as "not a video: ...".
            row.message = probe.reason == media::kEmptyFileReason ? probe.reason
                                                                  : "not a video: " + probe.reason;
            return row;
        }
        start(job, input.relativePath);
        try {
            analysis::AnalysisResult result = runner_.analyzers_[job](input.path, cancel_,
                [&](const analysis::ExtractionProgress& p) { advance(job, p); });
            const fs::path base(input.outputBase);
            formats::writeResultFiles(
                result, base.parent_path().string(), base.filename().string());
            row.status = FileStatus::Ok;
            row.figures = figuresOf(result, runner_.settings_.events);
            std::vector<std::string> notes = result.warnings;
            if (!redoNote.empty())
                notes.insert(notes.begin(), redoNote);
            row.message = joined(notes);
        } catch (const Cancelled&) {
            throw; // not a failure of this file: it stays unreached
        } catch (const Error& error) {
            row.status = FileStatus::Failed;
            row.message = withoutPath(error.what(), input.path);
        } catch (const std::exception& error) {
            row.status = FileStatus::Failed;
            row.message = error.what();
        }
        return row;
    }

    void start(size_t job, const std::string& relativePath)
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (!firstAnalysis_)
            firstAnalysis_ = Clock::now();
        active_[job] = { relativePath, 0.0 };
        notifyProgress();
    }

    void advance(size_t job, const analysis::ExtractionProgress& progress)
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        // Detectors of another family extract the video once more: each pass is its share.
        if (progress.framesEstimate > 0) {
            const int passes = std::max(progress.passes, 1);
            const double pass = std::min(1.0,
                static_cast<double>(progress.framesDecoded)
                    / static_cast<double>(progress.framesEstimate));
            active_[job].fraction
                = std::min(0.99, (std::clamp(progress.pass, 0, passes - 1) + pass) / passes);
        }
        notifyProgress();
    }

    void finish(size_t index, size_t job, BatchRow row)
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (active_.erase(job) > 0)
            ++analysed_;
        rows_[index] = std::move(row);
        ++done_;
        if (callbacks_.fileFinished)
            callbacks_.fileFinished(runner_.inputs_[index], rows_[index]);
        notifyProgress();
    }

    void finishUnreached(size_t job)
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        active_.erase(job);
    }

    // Called with mutex_ held.
    void notifyProgress()
    {
        if (!callbacks_.progressChanged)
            return;
        BatchProgress progress;
        progress.filesDone = done_;
        progress.filesTotal = runner_.inputs_.size();
        progress.elapsedS = secondsSince(started_);
        double activeWork = 0.0;
        for (const auto& [job, file] : active_) {
            if (progress.currentFiles.empty())
                progress.currentFileFraction = file.fraction;
            progress.currentFiles.push_back(file.relativePath);
            activeWork += file.fraction;
        }
        // Files per second over the analyses so far, including the parts done of running ones.
        const double work = static_cast<double>(analysed_) + activeWork;
        if (firstAnalysis_ && work > 0.0) {
            const double rate = work / std::max(1e-3, secondsSince(*firstAnalysis_));
            const double remaining = static_cast<double>(progress.filesTotal - done_) - activeWork;
            progress.etaS = std::max(0.0, remaining) / rate;
        }
        callbacks_.progressChanged(progress);
    }

    struct ActiveFile {
        std::string relativePath;
        double fraction = 0.0;
    };

    const BatchRunner& runner_;
    const CancellationToken& cancel_;
    const BatchCallbacks& callbacks_;
    const Clock::time_point started_ = Clock::now();
    std::atomic<size_t> next_ { 0 };
    std::mutex mutex_;
    std::vector<BatchRow> rows_;
    std::map<size_t, ActiveFile> active_; // job -> the file it analyses
    std::optional<Clock::time_point> firstAnalysis_;
    size_t done_ = 0;
    size_t analysed_ = 0;
};

BatchRunner::BatchRunner(
    std::vector<BatchInput> inputs, BatchSettings settings, std::vector<VideoAnalyzer> analyzers)
    : inputs_(std::move(inputs))
    , settings_(std::move(settings))
    , analyzers_(std::move(analyzers))
{
    assert(!analyzers_.empty());
}

BatchReport BatchRunner::run(const CancellationToken& cancel, const BatchCallbacks& callbacks)
{
    Run run(*this, cancel, callbacks);
    const size_t jobs = std::min(analyzers_.size(), inputs_.size());
    if (jobs <= 1) {
        run.work(0);
    } else {
        std::vector<std::thread> threads;
        for (size_t job = 0; job < jobs; ++job)
            threads.emplace_back([this, &run, job] {
                if (settings_.onJobThreadStart)
                    settings_.onJobThreadStart();
                run.work(job);
            });
        for (std::thread& thread : threads)
            thread.join();
    }
    return run.report();
}

} // namespace vigil::batch
