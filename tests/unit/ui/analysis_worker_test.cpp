// The worker (as the job of a BackgroundTask, as the GUI runs it) and its runner on real,
// generated clips with fake networks: every outcome arrives as a signal, then finished.

#include "tests/support/test_locations.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/main/analysis_status_widget.h"
#include "ui/tasks/analysis_runner.h"
#include "ui/tasks/analysis_worker.h"

#include <QSignalSpy>
#include <gtest/gtest.h>

#include <future>

namespace {

using namespace vigil::ui;

// Runs worker as a BackgroundTask's job and returns when the task has finished.
void runToEnd(BackgroundTask& task, AnalysisWorker& worker)
{
    QSignalSpy finished(&task, &BackgroundTask::finished);
    ASSERT_TRUE(task.start([&worker](TaskContext& context) { return worker.run(context); }));
    ASSERT_TRUE(finished.wait(60000));
    EXPECT_EQ(finished.count(), 1);
}

TEST(Worker, EmitsSucceededWithARealResultOnAGeneratedClip)
{
    const std::string clip = vigil::test::uiClip("worker_50.mp4", 50);
    AnalysisWorker worker(QString::fromStdString(clip), vigil::test::fakeEngine(32));
    BackgroundTask task(QStringLiteral("test"));
    QSignalSpy succeeded(&task, &BackgroundTask::succeeded);
    QSignalSpy failed(&task, &BackgroundTask::failed);
    runToEnd(task, worker);
    ASSERT_EQ(failed.count(), 0) << failed.at(0).at(0).toString().toStdString();
    ASSERT_EQ(succeeded.count(), 1);
    const auto result = succeeded.at(0).at(0).value<QVariant>().value<ResultPointer>();
    ASSERT_TRUE(result);
    EXPECT_EQ(result->video.frames, 50);
    EXPECT_EQ(result->steps, 3); // floor((50 - 16) / 16) + 1
    EXPECT_EQ(result->frameScores.size(), 50u);
    ASSERT_EQ(result->windows.size(), 1u);
    EXPECT_EQ(result->windows[0].attention.dim(0), 2);
}

TEST(Worker, SendsTheWindowsScoredSoFarBeforeTheWholeResult)
{
    // 1280 frames: 80 snippets, 20 windows of 4; 20 ms a snippet, so a window every 80 ms and
    // partial results (at most one per 250 ms) carry a few windows each.
    const std::string clip = vigil::test::uiClip("worker_partial.mp4", 1280);
    AnalysisWorker worker(
        QString::fromStdString(clip), vigil::test::fakeEngine(4, std::chrono::milliseconds(20)));
    BackgroundTask task(QStringLiteral("test"));
    std::vector<ResultPointer> partials;
    bool hasSucceeded = false;
    // A receiver with a context on the GUI thread: the signals, emitted on the task's thread,
    // arrive queued, as the runner gets them.
    QObject::connect(
        &worker, &AnalysisWorker::windowsScored, &task, [&](const ResultPointer& partial) {
            EXPECT_FALSE(hasSucceeded) << "a partial result after the whole one";
            partials.push_back(partial);
        });
    QSignalSpy succeeded(&task, &BackgroundTask::succeeded);
    QObject::connect(&task, &BackgroundTask::succeeded, [&] { hasSucceeded = true; });
    runToEnd(task, worker);
    ASSERT_EQ(succeeded.count(), 1);
    const auto result = succeeded.at(0).at(0).value<QVariant>().value<ResultPointer>();
    ASSERT_GE(partials.size(), 3u);
    size_t previous = 0;
    for (const ResultPointer& partial : partials) {
        SCOPED_TRACE(partial->windows.size());
        EXPECT_GT(partial->windows.size(), previous);
        previous = partial->windows.size();
        EXPECT_EQ(partial->video.path, clip);
        EXPECT_EQ(partial->frameScores.size(), partial->windows.size() * 4 * 16);
        for (size_t w = 0; w < partial->windows.size(); ++w) {
            EXPECT_EQ(partial->windows[w].firstFrame, result->windows[w].firstFrame);
            EXPECT_EQ(partial->windows[w].score, result->windows[w].score);
            EXPECT_EQ(partial->windows[w].attention.values, result->windows[w].attention.values);
        }
    }
    EXPECT_EQ(partials.back()->windows.size(), result->windows.size());
}

TEST(Worker, ProgressGoesThroughTheStagesInOrderAndReaches100OnlyWithTheResult)
{
    // 400 frames: 25 snippets; 20 ms a snippet, so several throttled extraction reports.
    const std::string clip = vigil::test::uiClip("worker_stages.mp4", 400);
    AnalysisRunner runner(vigil::test::fakeEngine(4, std::chrono::milliseconds(20)));
    std::vector<AnalysisProgress> reports;
    bool hasSucceeded = false;
    QObject::connect(&runner, &AnalysisRunner::progressChanged, [&](const AnalysisProgress& p) {
        EXPECT_FALSE(hasSucceeded) << "progress after the result";
        reports.push_back(p);
    });
    QObject::connect(&runner, &AnalysisRunner::succeeded, [&] { hasSucceeded = true; });
    QSignalSpy finished(&runner, &AnalysisRunner::finished);
    runner.start(QString::fromStdString(clip));
    ASSERT_TRUE(finished.wait(60000));
    ASSERT_TRUE(hasSucceeded);
    ASSERT_GE(reports.size(), 4u);
    using Stage = AnalysisProgress::Stage;
    std::vector<Stage> seen;
    int previousPercent = 0;
    for (size_t i = 0; i < reports.size(); ++i) {
        SCOPED_TRACE(i);
        const AnalysisProgress& report = reports[i];
        if (seen.empty() || seen.back() != report.stage)
            seen.push_back(report.stage);
        EXPECT_GE(percentDone(report), previousPercent);
        previousPercent = percentDone(report);
        if (i + 1 < reports.size())
            EXPECT_LT(percentDone(report), 100) << "100 % before the result was complete";
        if (report.stage == Stage::Extracting) {
            // The estimate is the task's, from the share of snippets extracted.
            if (report.stepsExtracted > 0 && report.etaS >= 0.0)
                EXPECT_LT(report.etaS, 10.0);
            EXPECT_EQ(report.stepsEstimate, 25);
            EXPECT_LE(report.stepsExtracted, 25);
            // Windows of 4: every whole window is scored once its last snippet is in.
            EXPECT_EQ(report.windowsScored, report.stepsExtracted / 4);
            EXPECT_EQ(report.nextWindowAtSteps, (report.windowsScored + 1) * 4);
        }
    }
    EXPECT_EQ(seen,
        (std::vector<Stage> { Stage::Decoding, Stage::Extracting, Stage::Scoring, Stage::Done }));
    EXPECT_EQ(percentDone(reports.back()), 100);
}

TEST(StatusWidget, CountsExtractedSnippetsNotDecodedFramesAndNames3Stages)
{
    AnalysisStatusWidget status;
    AnalysisProgress progress;
    status.showProgress(progress);
    EXPECT_TRUE(status.text().startsWith(QStringLiteral("1/3 Decoding")))
        << status.text().toStdString();
    EXPECT_EQ(status.percent(), 0);
    // All 795 frames decoded, but the network has done 40 of the 49 snippets.
    progress.stage = AnalysisProgress::Stage::Extracting;
    progress.framesDecoded = 795;
    progress.framesEstimate = 795;
    progress.stepsExtracted = 40;
    progress.stepsEstimate = 49;
    status.showProgress(progress);
    EXPECT_EQ(status.percent(), 1 + 40 * 94 / 49);
    EXPECT_TRUE(
        status.text().startsWith(QStringLiteral("2/3 Extracting features: snippet 40 of ~49")))
        << status.text().toStdString();
    // Window 0 (snippets 0..31) is in; window 1 would end at snippet 63, past the video's end.
    progress.windowsScored = 1;
    progress.nextWindowAtSteps = 64;
    status.showProgress(progress);
    EXPECT_TRUE(status.text().contains(
        QStringLiteral("1 window scored, the last one comes with the result")))
        << status.text().toStdString();
    progress.stage = AnalysisProgress::Stage::Scoring;
    status.showProgress(progress);
    EXPECT_TRUE(status.text().startsWith(QStringLiteral("3/3 Scoring: all 40 snippets")));
    EXPECT_LT(status.percent(), 100);
    progress.stepsExtracted = 1; // a clip of one snippet
    status.showProgress(progress);
    EXPECT_FALSE(status.text().contains(QStringLiteral("1 snippets")))
        << status.text().toStdString();
    progress.stage = AnalysisProgress::Stage::Done;
    status.showProgress(progress);
    EXPECT_EQ(status.percent(), 100);
    // No frame count in the container: busy, never a made-up share.
    progress.stage = AnalysisProgress::Stage::Extracting;
    progress.framesEstimate = 0;
    progress.stepsEstimate = 0;
    status.showProgress(progress);
    EXPECT_EQ(status.percent(), -1);
}

TEST(Worker, EmitsCancelledThenFinishedWhenCancelledBeforeItRuns)
{
    AnalysisWorker worker(QString::fromStdString(vigil::test::uiClip("worker_cancel.mp4", 50)),
        vigil::test::fakeEngine());
    BackgroundTask task(QStringLiteral("test"));
    QSignalSpy cancelled(&task, &BackgroundTask::cancelled);
    QSignalSpy succeeded(&task, &BackgroundTask::succeeded);
    QSignalSpy finished(&task, &BackgroundTask::finished);
    std::promise<void> isCancelled;
    std::shared_future<void> cancelledNow = isCancelled.get_future().share();
    task.start([&worker, cancelledNow](TaskContext& context) {
        cancelledNow.wait();
        return worker.run(context);
    });
    task.cancel();
    isCancelled.set_value();
    ASSERT_TRUE(finished.wait(20000));
    EXPECT_EQ(cancelled.count(), 1);
    EXPECT_EQ(succeeded.count(), 0);
    EXPECT_EQ(finished.count(), 1);
}

TEST(Worker, EmitsFailedNamingAnUnreadableFile)
{
    const std::string missing = vigil::test::testTmpDir() + "/ui/no_such_video.mp4";
    AnalysisWorker worker(QString::fromStdString(missing), vigil::test::fakeEngine());
    BackgroundTask task(QStringLiteral("test"));
    QSignalSpy failed(&task, &BackgroundTask::failed);
    runToEnd(task, worker);
    ASSERT_EQ(failed.count(), 1);
    EXPECT_TRUE(failed.at(0).at(0).toString().contains(QStringLiteral("no_such_video.mp4")));
}

TEST(Worker, RunnerDeliversTheResultOnTheGuiThread)
{
    AnalysisRunner runner(vigil::test::fakeEngine());
    QSignalSpy succeeded(&runner, &AnalysisRunner::succeeded);
    QSignalSpy finished(&runner, &AnalysisRunner::finished);
    runner.start(QString::fromStdString(vigil::test::uiClip("runner_80.mp4", 80)));
    EXPECT_TRUE(runner.isRunning());
    ASSERT_TRUE(finished.wait(20000));
    EXPECT_EQ(succeeded.count(), 1);
    EXPECT_FALSE(runner.isRunning());
}

TEST(Worker, RunnerCancelStopsTheRunWithinASecond)
{
    // 60 ms per snippet: about 12 s for the clip, so only a cancel ends it quickly.
    AnalysisRunner runner(vigil::test::fakeEngine(4, std::chrono::milliseconds(60)));
    QSignalSpy progress(&runner, &AnalysisRunner::progressChanged);
    QSignalSpy cancelled(&runner, &AnalysisRunner::cancelled);
    QSignalSpy succeeded(&runner, &AnalysisRunner::succeeded);
    QSignalSpy finished(&runner, &AnalysisRunner::finished);
    runner.start(QString::fromStdString(vigil::test::uiClip("runner_cancel.mp4", 3200)));
    ASSERT_TRUE(progress.wait(10000));
    QElapsedTimer clock;
    clock.start();
    runner.cancel();
    ASSERT_TRUE(finished.wait(5000));
    EXPECT_LT(clock.elapsed(), 1000);
    EXPECT_EQ(cancelled.count(), 1);
    EXPECT_EQ(succeeded.count(), 0);
}

} // namespace
