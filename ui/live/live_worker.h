#pragma once
// LiveWorker: the job that runs one WatchSession (core/live, the engine of `vigil watch`) on a
// BackgroundTask's thread, and turns the session's callbacks into queued signals for the live
// view (a LiveChannel: emitted on that thread, received on the GUI's). Frames are
// not queued: the reader thread keeps only the newest one in a LatestFrame and signals
// frameReady() when the slot was empty, so a slow GUI drops frames instead of piling them up.
// Stop is by the task's CancellationToken, set directly from the GUI thread; the session then
// closes and writes the open alert. Retry now is the shared live::RetryNow, also set directly.
// The task turns the outcome into its signals; failure texts go through redacted().

#include "core/common/cancellation.h"
#include "core/engine/engine.h"
#include "core/live/watch_plan.h"
#include "core/live/watch_session.h"
#include "ui/tasks/background_task.h"

#include <QImage>
#include <QObject>
#include <QString>

#include <memory>
#include <mutex>
#include <optional>

namespace vigil::ui {

// The newest decoded frame, handed from the reader thread to the GUI. Thread-safe.
class LatestFrame {
public:
    // Returns whether the slot was empty (the GUI must then be told).
    bool put(QImage image, int64_t streamUs);
    // The newest frame, once; nullopt when none came since the last take.
    std::optional<QImage> take();
    int64_t streamUs() const;

private:
    mutable std::mutex mutex_;
    std::optional<QImage> image_;
    int64_t streamUs_ = 0;
};

struct LiveRequest {
    live::WatchSettings settings; // of live::planWatch
    std::shared_ptr<const engine::Engine> engine; // canExtract() and canScore()
};

// What the user chose in File > Open Stream…; the rest is as `vigil watch`'s defaults.
using LiveChoices = live::WatchChoices;

// The request for a plan that can start (plan.settings is set): as vigil watch's, but the
// output folder is absolute (an empty choice: ./watch-<redacted source> in the current folder)
// and the packet ring keeps ten minutes, for Record.
LiveRequest liveRequestFor(
    const live::WatchPlan& plan, std::shared_ptr<const engine::Engine> engine);

// The types of LiveChannel's signals, for queued connections; any number of calls.
void registerLiveMetaTypes();

// One live source's view of a run (a WatchSession's, or one camera of the camera wall's
// MultiWatch): the source's callbacks as queued signals for the views (emitted on the run's
// thread, received on the GUI's), its newest frame and its Retry now. Texts go through
// redacted(). Several views may listen to one channel.
class LiveChannel : public QObject {
    Q_OBJECT
public:
    LiveChannel(std::string sourceLocation, std::shared_ptr<live::RetryNow> retryNow,
        std::shared_ptr<LatestFrame> frames, QObject* parent = nullptr);

    // The callbacks that emit this channel's signals (from the run's threads).
    live::LiveObserver observer();
    // message with the source's location replaced by its redacted name.
    QString redacted(const std::string& message) const;
    QString redacted(const QString& message) const { return redacted(message.toStdString()); }
    const std::shared_ptr<LatestFrame>& frames() const { return frames_; }
    const std::shared_ptr<live::RetryNow>& retryNow() const { return retryNow_; }

signals:
    void frameReady();
    void stepScored(const vigil::live::LiveStep& step);
    void statusChanged(const vigil::live::WatchStatus& status);
    void alertOpenChanged(const vigil::live::Alert& alert); // opened, or its end or peak moved
    void alertOpenEnded(); // after alertClosed when it was kept
    void alertClosed(const vigil::live::EventRecord& event);
    void retryWaiting(const vigil::live::RetryWait& wait); // reason redacted
    void packetsChanged(const vigil::live::ClipSource& packets);
    void notice(const QString& text);
    // The run ended for this source (GUI thread: sent by the run's owner); text as outcomeSummary.
    void ended(const QString& text);

private:
    std::string sourceLocation_;
    std::shared_ptr<live::RetryNow> retryNow_;
    std::shared_ptr<LatestFrame> frames_;
};

// The job of a live view of its own: one WatchSession, its channel being this worker.
class LiveWorker : public LiveChannel {
    Q_OBJECT
public:
    LiveWorker(LiveRequest request, std::shared_ptr<live::RetryNow> retryNow,
        std::shared_ptr<LatestFrame> frames, QObject* parent = nullptr);

    // On the task's thread. Returns the session's summary (a QString); throws Cancelled, or
    // what the session throws.
    QVariant run(TaskContext& context);

private:
    LiveRequest request_;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::live::LiveStep)
Q_DECLARE_METATYPE(vigil::live::WatchStatus)
Q_DECLARE_METATYPE(vigil::live::Alert)
Q_DECLARE_METATYPE(vigil::live::EventRecord)
Q_DECLARE_METATYPE(vigil::live::RetryWait)
Q_DECLARE_METATYPE(vigil::live::ClipSource)
