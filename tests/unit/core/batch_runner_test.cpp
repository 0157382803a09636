#include "core/batch/batch_runner.h"
#include "core/common/error.h"
#include "tests/support/run_command.h"
#include "tests/support/synthetic_result.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

namespace vigil::batch {
namespace {

namespace fs = std::filesystem;

// A folder with two short clips, a text file named like a video, an empty video file and notes.
class BatchRunnerTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = test::scratchDir("batch_runner");
        fs::create_directories(dir_ + "/in/sub");
        ASSERT_TRUE(test::makeClip(dir_ + "/in/a.avi", "testsrc2=size=64x48:rate=25", 5));
        ASSERT_TRUE(test::makeClip(dir_ + "/in/sub/b.avi", "testsrc2=size=64x48:rate=25", 5));
        std::ofstream(dir_ + "/in/broken.mp4") << "this is text, not a video";
        std::ofstream(dir_ + "/in/empty.mp4");
        std::ofstream(dir_ + "/in/notes.txt") << "notes";
        inputs_ = findBatchInputs(dir_ + "/in", dir_ + "/out", FolderDepth::Recursive);
        ASSERT_EQ(inputs_.size(), 5u);
    }

    // Counts its calls per file; the file named failing throws like a broken decoder would.
    VideoAnalyzer countingAnalyzer(const std::string& failing = "")
    {
        return [this, failing](const std::string& path, const CancellationToken&,
                   const analysis::ExtractionProgressCallback& onProgress) {
            {
                const std::lock_guard<std::mutex> lock(mutex_);
                ++calls_[fs::path(path).filename().string()];
            }
            if (onProgress)
                onProgress({ 2, 4, 0 });
            if (!failing.empty() && fs::path(path).filename() == failing)
                throw MediaError(path + ": decoder exploded");
            return test::syntheticResult(path, { 0.2f, 0.6f, 0.7f, 0.1f, 0.9f });
        };
    }

    BatchReport runBatch(std::vector<VideoAnalyzer> analyzers,
        ResumeMode resume = ResumeMode::AnalyseAll, const BatchCallbacks& callbacks = {})
    {
        BatchSettings settings;
        settings.resume = resume;
        settings.expected = test::demoSettings();
        BatchRunner runner(inputs_, settings, std::move(analyzers));
        CancellationToken cancel;
        return runner.run(cancel, callbacks);
    }

    std::map<std::string, const BatchRow*> rowsByPath(const BatchReport& report) const
    {
        std::map<std::string, const BatchRow*> rows;
        for (const BatchRow& row : report.rows)
            rows[row.relativePath] = &row;
        return rows;
    }

    std::string dir_;
    std::vector<BatchInput> inputs_;
    std::mutex mutex_;
    std::map<std::string, int> calls_;
};

TEST_F(BatchRunnerTest, ReportsEveryFileAndGoesOnAfterAFailure)
{
    std::vector<std::string> finished;
    BatchCallbacks callbacks;
    callbacks.fileFinished
        = [&](const BatchInput& input, const BatchRow&) { finished.push_back(input.relativePath); };
    const BatchReport report
        = runBatch({ countingAnalyzer("a.avi") }, ResumeMode::AnalyseAll, callbacks);

    ASSERT_EQ(report.rows.size(), 5u);
    EXPECT_FALSE(report.wasCancelled);
    EXPECT_EQ(finished.size(), 5u);
    auto rows = rowsByPath(report);
    EXPECT_EQ(rows.at("a.avi")->status, FileStatus::Failed);
    EXPECT_EQ(rows.at("a.avi")->message, "decoder exploded"); // the path is in its own column
    EXPECT_EQ(rows.at("broken.mp4")->status, FileStatus::Failed);
    EXPECT_EQ(rows.at("broken.mp4")->message.rfind("not a video: ", 0), 0u)
        << rows.at("broken.mp4")->message;
    EXPECT_EQ(rows.at("empty.mp4")->status, FileStatus::Failed);
    EXPECT_EQ(rows.at("notes.txt")->status, FileStatus::Skipped);
    EXPECT_EQ(rows.at("notes.txt")->message.rfind("not a video: ", 0), 0u);
    ASSERT_EQ(rows.at("sub/b.avi")->status, FileStatus::Ok) << rows.at("sub/b.avi")->message;
    ASSERT_TRUE(rows.at("sub/b.avi")->figures);
    EXPECT_FLOAT_EQ(rows.at("sub/b.avi")->figures->maxScore, 0.9f);
    EXPECT_EQ(rows.at("sub/b.avi")->figures->events, 2);
    EXPECT_TRUE(fs::exists(dir_ + "/out/sub/b.vigil.json"));
    EXPECT_TRUE(fs::exists(dir_ + "/out/sub/b.scores.csv"));
    EXPECT_FALSE(fs::exists(dir_ + "/out/a.vigil.json"));
    EXPECT_EQ(report.count(FileStatus::Failed), 3u);
    EXPECT_EQ(report.withResults(), 1u);
    EXPECT_EQ(
        calls_.count("broken.mp4") + calls_.count("notes.txt") + calls_.count("empty.mp4"), 0u)
        << "files that are not videos never reach the analyzer";
}

TEST_F(BatchRunnerTest, ResumeSkipsCompleteOutputsAndRedoesDamagedOnes)
{
    ASSERT_EQ(runBatch({ countingAnalyzer() }).withResults(), 2u);
    EXPECT_EQ(calls_["a.avi"], 1);
    const std::string json = dir_ + "/out/a.vigil.json";
    fs::resize_file(json, fs::file_size(json) / 2);

    const BatchReport again = runBatch({ countingAnalyzer() }, ResumeMode::SkipComplete);
    EXPECT_EQ(calls_["a.avi"], 2) << "the damaged output is redone";
    EXPECT_EQ(calls_["b.avi"], 1) << "the complete output is not";
    auto rows = rowsByPath(again);
    EXPECT_EQ(rows.at("a.avi")->status, FileStatus::Ok);
    EXPECT_NE(rows.at("a.avi")->message.find("incomplete"), std::string::npos)
        << rows.at("a.avi")->message;
    EXPECT_EQ(rows.at("sub/b.avi")->status, FileStatus::Skipped);
    ASSERT_TRUE(rows.at("sub/b.avi")->figures) << "skipped rows carry the saved figures";
    EXPECT_EQ(rows.at("sub/b.avi")->figures->frames, 5);
    EXPECT_FLOAT_EQ(rows.at("sub/b.avi")->figures->maxScore, 0.9f);
    EXPECT_DOUBLE_EQ(rows.at("sub/b.avi")->figures->maxScoreTimeS, 0.16);

    runBatch({ countingAnalyzer() }, ResumeMode::AnalyseAll);
    EXPECT_EQ(calls_["b.avi"], 2) << "without resume everything is analysed again";
}

TEST_F(BatchRunnerTest, RunsJobsConcurrentlyAndKeepsTheInputOrder)
{
    std::atomic<int> running { 0 };
    std::atomic<int> mostRunning { 0 };
    auto overlapping = [&](const std::string& path, const CancellationToken&,
                           const analysis::ExtractionProgressCallback&) {
        const int now = ++running;
        int seen = mostRunning.load();
        while (now > seen && !mostRunning.compare_exchange_weak(seen, now)) { }
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        --running;
        return test::syntheticResult(path, { 0.5f });
    };
    const BatchReport report = runBatch({ overlapping, overlapping });
    EXPECT_EQ(mostRunning.load(), 2);
    ASSERT_EQ(report.rows.size(), inputs_.size());
    for (size_t i = 0; i < inputs_.size(); ++i)
        EXPECT_EQ(report.rows[i].relativePath, inputs_[i].relativePath);
    EXPECT_EQ(report.count(FileStatus::Ok), 2u);
}

TEST_F(BatchRunnerTest, CancellingLeavesTheUnreachedFilesNotRunAndWritesNothingForThem)
{
    CancellationToken cancel;
    BatchRunner runner(inputs_, BatchSettings {},
        { [&cancel](const std::string&, const CancellationToken& token,
              const analysis::ExtractionProgressCallback&) -> analysis::AnalysisResult {
            cancel.cancel(); // as Ctrl+C would, in the middle of the first video
            token.throwIfCancelled();
            return {};
        } });
    const BatchReport report = runner.run(cancel);
    EXPECT_TRUE(report.wasCancelled);
    EXPECT_EQ(report.withResults(), 0u);
    auto rows = rowsByPath(report);
    EXPECT_EQ(rows.at("a.avi")->status, FileStatus::NotRun);
    EXPECT_NE(rows.at("a.avi")->message.find("interrupted"), std::string::npos);
    EXPECT_EQ(rows.at("sub/b.avi")->status, FileStatus::NotRun);
    EXPECT_EQ(statusName(FileStatus::NotRun), "not_run");
    EXPECT_FALSE(fs::exists(dir_ + "/out/a.vigil.json"));
}

TEST_F(BatchRunnerTest, ReportsFilesDoneTheCurrentFileAndAnEstimate)
{
    std::vector<BatchProgress> updates;
    BatchCallbacks callbacks;
    callbacks.progressChanged = [&](const BatchProgress& progress) { updates.push_back(progress); };
    runBatch({ countingAnalyzer() }, ResumeMode::AnalyseAll, callbacks);
    ASSERT_FALSE(updates.empty());
    EXPECT_EQ(updates.back().filesDone, 5u);
    EXPECT_EQ(updates.back().filesTotal, 5u);
    bool sawCurrent = false;
    bool sawEstimate = false;
    for (const BatchProgress& progress : updates) {
        sawCurrent = sawCurrent
            || (!progress.currentFiles.empty() && progress.currentFiles.front() == "a.avi");
        sawEstimate
            = sawEstimate || (progress.etaS >= 0.0 && progress.filesDone < progress.filesTotal);
    }
    EXPECT_TRUE(sawCurrent);
    EXPECT_TRUE(sawEstimate);
}

} // namespace
} // namespace vigil::batch
