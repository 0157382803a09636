// The one background-task type of the GUI: progress with an estimate of what is left, cancel,
// failure as a message, and the result on the GUI thread. Jobs here are tiny loops; the waits
// are on the task's own signals.

#include "core/common/error.h"
#include "ui/tasks/background_task.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QThread>
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>

namespace {

using namespace vigil::ui;

TEST(BackgroundTask, ReportsProgressWithTheElapsedTimeAndAnEstimateOfWhatIsLeft)
{
    BackgroundTask task(QStringLiteral("test-progress"));
    std::vector<TaskProgress> reports;
    QObject::connect(&task, &BackgroundTask::progressChanged,
        [&](const TaskProgress& progress) { reports.push_back(progress); });
    QSignalSpy finished(&task, &BackgroundTask::finished);
    task.start([](TaskContext& context) {
        // A quarter done once the estimate may be made: three times as long again is left.
        while (context.elapsedS() < TaskContext::kEtaAfterS + 0.1)
            context.report({ 0.0, QStringLiteral("starting"), 0.0, -1.0, {} });
        context.report({ 0.25, QStringLiteral("a quarter"), 0.0, -1.0, {} });
        context.report({ 1.0, QStringLiteral("done"), 0.0, -1.0, {} });
        return QVariant();
    });
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_GE(reports.size(), 3u);
    // The loop reported thousands of times: the throttle let through one per interval.
    const double intervalS = BackgroundTask::kProgressInterval.count() / 1000.0;
    EXPECT_LE(
        static_cast<double>(reports.size()), 3 + (TaskContext::kEtaAfterS + 0.1) / intervalS + 2);
    EXPECT_LT(reports.front().etaS, 0.0) << "no estimate from nothing done";
    const TaskProgress& quarter = reports[reports.size() - 2];
    EXPECT_EQ(quarter.text, QStringLiteral("a quarter"));
    EXPECT_GE(quarter.elapsedS, TaskContext::kEtaAfterS);
    EXPECT_NEAR(quarter.etaS, 3.0 * quarter.elapsedS, 0.01);
    EXPECT_EQ(reports.back().text, QStringLiteral("done")) << "a new stage is never dropped";
    EXPECT_EQ(reports.back().etaS, 0.0);
}

TEST(BackgroundTask, CancelStopsTheJobAndEndsInCancelledThenFinished)
{
    BackgroundTask task(QStringLiteral("test-cancel"));
    QSignalSpy progress(&task, &BackgroundTask::progressChanged);
    QSignalSpy cancelled(&task, &BackgroundTask::cancelled);
    QSignalSpy succeeded(&task, &BackgroundTask::succeeded);
    QSignalSpy finished(&task, &BackgroundTask::finished);
    std::atomic<bool> hasStopped { false };
    task.start([&](TaskContext& context) {
        // Runs until cancelled: only the token can end it.
        for (;;) {
            context.report({ -1.0, QStringLiteral("spinning"), 0.0, -1.0, {} });
            if (context.cancel().isCancelled()) {
                hasStopped = true;
                context.cancel().throwIfCancelled();
            }
        }
        return QVariant();
    });
    EXPECT_TRUE(task.isRunning());
    ASSERT_TRUE(progress.wait(10000)) << "the job runs";
    task.cancel();
    ASSERT_TRUE(finished.wait(10000));
    EXPECT_TRUE(hasStopped);
    EXPECT_EQ(cancelled.count(), 1);
    EXPECT_EQ(succeeded.count(), 0);
    EXPECT_FALSE(task.isRunning());
    EXPECT_FALSE(task.lastFailure()) << "a cancel is no failure";
}

TEST(BackgroundTask, AnExceptionBecomesAFailureMessageNotACrash)
{
    BackgroundTask task(QStringLiteral("test-failure"));
    task.setFailureText([](const QString& what) { return QStringLiteral("cam.mp4: ") + what; });
    QSignalSpy failed(&task, &BackgroundTask::failed);
    QSignalSpy finished(&task, &BackgroundTask::finished);
    task.start([](TaskContext&) -> QVariant { throw vigil::MediaError("no video stream"); });
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(failed.count(), 1);
    EXPECT_EQ(failed.at(0).at(0).toString(), QStringLiteral("cam.mp4: no video stream"));
    ASSERT_TRUE(task.lastFailure());
    EXPECT_THROW(std::rethrow_exception(task.lastFailure()), vigil::MediaError);

    // Not even a std::exception: still one message, and the task can run again.
    task.setFailureText({});
    task.start([](TaskContext&) -> QVariant { throw 42; });
    ASSERT_TRUE(finished.wait(10000));
    ASSERT_EQ(failed.count(), 2);
    EXPECT_EQ(failed.at(1).at(0).toString(), QStringLiteral("unexpected failure"));
}

TEST(BackgroundTask, DeliversTheResultOnTheGuiThreadAfterRunningTheJobOnAnother)
{
    BackgroundTask task(QStringLiteral("test-result"));
    QThread* jobThread = nullptr;
    QThread* resultThread = nullptr;
    QThread* postThread = nullptr;
    QVariant result;
    std::vector<QString> order;
    QObject::connect(&task, &BackgroundTask::succeeded, [&](const QVariant& value) {
        resultThread = QThread::currentThread();
        result = value;
        order.push_back(QStringLiteral("succeeded"));
    });
    QObject::connect(&task, &BackgroundTask::finished, [&] { order.push_back("finished"); });
    QSignalSpy finished(&task, &BackgroundTask::finished);
    EXPECT_TRUE(task.start([&](TaskContext& context) {
        jobThread = QThread::currentThread();
        context.post([&] {
            postThread = QThread::currentThread();
            order.push_back(QStringLiteral("posted"));
        });
        return QVariant(QStringLiteral("the result"));
    }));
    EXPECT_FALSE(task.start([](TaskContext&) { return QVariant(); })) << "one run at a time";
    ASSERT_TRUE(finished.wait(10000));
    QThread* guiThread = QCoreApplication::instance()->thread();
    EXPECT_NE(jobThread, guiThread);
    EXPECT_EQ(resultThread, guiThread);
    EXPECT_EQ(postThread, guiThread);
    EXPECT_EQ(result.toString(), QStringLiteral("the result"));
    EXPECT_EQ(order,
        (std::vector<QString> {
            QStringLiteral("posted"), QStringLiteral("succeeded"), QStringLiteral("finished") }));
}

TEST(BackgroundTask, TheDestructorCancelsARunningJobAndWaitsForIt)
{
    std::atomic<bool> hasReturned { false };
    {
        BackgroundTask task(QStringLiteral("test-destructor"));
        QSignalSpy progress(&task, &BackgroundTask::progressChanged);
        task.start([&](TaskContext& context) {
            context.report({ -1.0, QStringLiteral("started"), 0.0, -1.0, {} });
            while (!context.cancel().isCancelled()) { }
            hasReturned = true;
            return QVariant();
        });
        ASSERT_TRUE(progress.wait(10000));
    }
    EXPECT_TRUE(hasReturned);
}

} // namespace
