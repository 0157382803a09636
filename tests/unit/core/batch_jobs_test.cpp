// How many videos a batch analyses at once (core/batch/batch_job.h): the cores shared out,
// --jobs 0's automatic choice, and each job thread taking its share (the desktop app's batch).

#include "core/batch/batch_job.h"
#include "tests/support/mean_extractor.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

namespace vigil::batch {
namespace {

TEST(BatchJobs, ShareTheCoresOut)
{
    EXPECT_EQ(threadsPerJob(2, 1), 2);
    EXPECT_EQ(threadsPerJob(2, 2), 1);
    EXPECT_EQ(threadsPerJob(4, 3), 1);
    EXPECT_EQ(threadsPerJob(1, 2), 1); // never none
    EXPECT_EQ(
        threadsPerJob(0, 1), static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

TEST(BatchJobs, AutomaticallyOnePerCoreOnlyWithTwoFilesPerCore)
{
    EXPECT_EQ(automaticJobs(100, 2), 2u);
    EXPECT_EQ(automaticJobs(4, 2), 2u);
    EXPECT_EQ(automaticJobs(3, 2), 1u); // the third would run alone on one core
    EXPECT_EQ(automaticJobs(1, 2), 1u);
    EXPECT_EQ(automaticJobs(0, 2), 1u);
    EXPECT_EQ(automaticJobs(8, 4), 4u);
    EXPECT_EQ(automaticJobs(7, 4), 1u);
    EXPECT_EQ(automaticJobs(100, 1), 1u);
}

// Scores a window by its mean feature; one attention row, even.
class MeanScorer : public analysis::WindowScorer {
public:
    analysis::WindowScore score(const FloatArray& window) const override
    {
        analysis::WindowScore result;
        const int64_t crops = window.dim(0);
        const int64_t steps = window.dim(1);
        result.attention = FloatArray::zeros({ crops, steps, 1 });
        for (float& weight : result.attention.values)
            weight = 1.0f / static_cast<float>(steps);
        for (int64_t c = 0; c < crops; ++c) {
            float sum = 0.0f;
            for (int64_t t = 0; t < steps; ++t)
                sum += window.data()[c * steps + t];
            result.cropScores.push_back(sum / static_cast<float>(steps));
        }
        return result;
    }
    int64_t featureSize() const override { return 1; }
    int64_t attentionRows() const override { return 1; }
};

struct ThreadCalls {
    std::mutex mutex;
    std::vector<std::pair<int, std::thread::id>> calls; // threads asked for, by whom
};

engine::Engine recordingEngine(ThreadCalls& record)
{
    engine::Networks networks;
    networks.backbone = std::make_shared<const test::MeanExtractor>();
    networks.classifier = std::make_shared<const MeanScorer>();
    networks.threads = 2;
    networks.threadControl = [&record](int threads) {
        const std::lock_guard<std::mutex> lock(record.mutex);
        record.calls.emplace_back(threads, std::this_thread::get_id());
    };
    return engine::Engine(std::move(networks), {}, ComputeDevice::Cpu);
}

// `count` clips of 32 frames (two 16-frame steps) in a folder of their own.
std::string clips(const std::string& name, int count)
{
    const std::string dir = test::scratchDir(name);
    for (int i = 0; i < count; ++i)
        EXPECT_TRUE(test::makeClip(
            dir + "/clip" + std::to_string(i) + ".mp4", "testsrc=size=64x48:rate=25", 32));
    return dir;
}

BatchJobOutcome automaticBatch(
    const engine::Engine& engine, const std::string& dir, std::pair<size_t, int>& chosen)
{
    BatchJobRequest request;
    request.inputDir = dir;
    request.outputDir = dir + "-out";
    request.jobs = 0;
    request.threads = engine.threads();
    request.windows = { 2, 1 };
    BatchJobCallbacks callbacks;
    callbacks.jobsChosen = [&chosen](size_t jobs, int threads) { chosen = { jobs, threads }; };
    return runBatchJob(request, engine, CancellationToken(), callbacks);
}

TEST(BatchJobs, AnAutomaticCountGivesEachJobThreadItsShareOfTheEnginesCores)
{
    ThreadCalls record;
    const engine::Engine engine = recordingEngine(record);
    std::pair<size_t, int> chosen;
    const BatchJobOutcome outcome = automaticBatch(engine, clips("batch-jobs-four", 4), chosen);
    EXPECT_EQ(outcome.report.count(FileStatus::Ok), 4u);
    EXPECT_EQ(chosen, std::make_pair(size_t { 2 }, 1));
    ASSERT_EQ(record.calls.size(), 2u); // once on each job's own thread, one core each
    std::set<std::thread::id> threads;
    for (const auto& [count, thread] : record.calls) {
        EXPECT_EQ(count, 1);
        EXPECT_NE(thread, std::this_thread::get_id());
        threads.insert(thread);
    }
    EXPECT_EQ(threads.size(), 2u);
}

TEST(BatchJobs, OneAutomaticJobRunsOnTheCallersThreadWithItsCount)
{
    ThreadCalls record;
    const engine::Engine engine = recordingEngine(record);
    std::pair<size_t, int> chosen;
    const BatchJobOutcome outcome = automaticBatch(engine, clips("batch-jobs-three", 3), chosen);
    EXPECT_EQ(outcome.report.count(FileStatus::Ok), 3u);
    EXPECT_EQ(chosen, std::make_pair(size_t { 1 }, 2));
    EXPECT_TRUE(record.calls.empty());
}

} // namespace
} // namespace vigil::batch
