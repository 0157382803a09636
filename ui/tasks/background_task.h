#pragma once
// BackgroundTask: the one way the GUI runs long work off its thread (as Shotcut's AbstractJob).
// start(job) runs the job on a fresh QThread; the job calls the engine synchronously and reports
// through its TaskContext, which throttles progress and adds the elapsed time and an estimate of
// what is left. cancel() is a direct, thread-safe call on the CancellationToken the job polls
// (the job's thread is busy in the engine, not in an event loop). Every outcome becomes one
// signal on the GUI thread: succeeded with the job's result, failed with a message, or
// cancelled; then finished. Nothing the job throws leaves its thread. Lives on the GUI thread;
// one run at a time; the destructor cancels a run and waits for its thread.

#include "core/common/cancellation.h"

#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QVariant>

#include <chrono>
#include <exception>
#include <functional>
#include <memory>

class QThread;

namespace vigil::ui {

struct TaskProgress {
    double fraction = -1.0; // of the whole, 0..1; negative while unknown
    QString text; // the stage in words; a report with a new text is never dropped
    double elapsedS = 0.0; // since start()
    double etaS = -1.0; // seconds left; negative while unknown
    QVariant detail; // the job's own record (AnalysisProgress, BatchJobProgress...)
};

// Says yes at most once per interval; the throttle of every report the GUI gets from a job.
// One thread at a time.
class ProgressThrottle {
public:
    explicit ProgressThrottle(std::chrono::milliseconds interval);
    // True when interval has passed since the last yes (or isForced), and starts a new interval.
    bool isDue(bool isForced = false);

private:
    std::chrono::milliseconds interval_;
    std::chrono::steady_clock::time_point lastAt_;
    bool hasSaidYes_ = false;
};

enum class ReportKind { Throttled, Forced };

class BackgroundTask;

// What a job sees of its task; used on the job's thread only.
class TaskContext {
public:
    TaskContext(BackgroundTask* task, std::shared_ptr<const CancellationToken> cancel);

    const CancellationToken& cancel() const { return *cancel_; }
    double elapsedS() const;
    // Fills elapsedS, and etaS from fraction and the time so far when the job gave none (after
    // kEtaAfter, so the first guesses are not wild). Dropped when the last report is less than
    // BackgroundTask::kProgressInterval old, unless forced or its text is new.
    void report(TaskProgress progress, ReportKind kind = ReportKind::Throttled);
    // Runs deliver on the GUI thread, in order with the task's signals (partial results).
    void post(std::function<void()> deliver) const;

    static constexpr double kEtaAfterS = 0.5;

private:
    QPointer<BackgroundTask> task_;
    std::shared_ptr<const CancellationToken> cancel_;
    std::chrono::steady_clock::time_point startedAt_;
    ProgressThrottle throttle_;
    QString lastText_;
};

class BackgroundTask : public QObject {
    Q_OBJECT
public:
    // Runs on the task's thread; returns the result for succeeded(); throws Cancelled or any
    // std::exception.
    using Job = std::function<QVariant(TaskContext& context)>;
    // A failure's message from the exception's text (a job that must redact or prefix it).
    using FailureText = std::function<QString(const QString& what)>;

    static constexpr std::chrono::milliseconds kProgressInterval { 100 };

    // threadName names the thread in a debugger ("vigil-analysis").
    explicit BackgroundTask(QString threadName, QObject* parent = nullptr);
    ~BackgroundTask() override;

    bool isRunning() const { return thread_ != nullptr; }
    // A run was asked to stop and has not finished yet.
    bool isCancelled() const { return isRunning() && cancel_->isCancelled(); }
    // False, and nothing started, while a run is in progress.
    bool start(Job job);
    void setFailureText(FailureText text) { failureText_ = std::move(text); }
    // What the last failed run threw, for a caller that rethrows it (runBusy); null otherwise.
    std::exception_ptr lastFailure() const { return lastFailure_; }
    // Cancels and blocks until the job has returned; its signals arrive with the next events.
    void cancelAndWait();

public slots:
    void cancel();

signals:
    void started();
    void progressChanged(const vigil::ui::TaskProgress& progress);
    void succeeded(const QVariant& result);
    void failed(const QString& message);
    void cancelled();
    void finished();

private:
    friend class TaskContext;
    void run(const Job& job, TaskContext& context);
    void deliver(std::function<void()> deliver);
    void handleThreadFinished();

    QString threadName_;
    QThread* thread_ = nullptr;
    std::shared_ptr<CancellationToken> cancel_;
    FailureText failureText_;
    std::exception_ptr lastFailure_;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::ui::TaskProgress)
