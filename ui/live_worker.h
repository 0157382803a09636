#pragma once
// LiveWorker: runs one WatchSession (core/live, the engine of `vigil watch`) on the thread it was
// moved to, and turns the session's callbacks into queued signals for the live view. Frames are
// not queued: the reader thread keeps only the newest one in a LatestFrame and signals
// frameReady() when the slot was empty, so a slow GUI drops frames instead of piling them up.
// Stop is by the shared CancellationToken, set directly from the GUI thread; the session then
// closes and writes the open alert. Retry now is the shared live::RetryNow, also set directly.
// Every outcome becomes stopped or failed, then finished.

#include "core/common/cancellation.h"
#include "core/engine/engine.h"
#include "core/live/watch_plan.h"
#include "core/live/watch_session.h"

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

class LiveWorker : public QObject {
    Q_OBJECT
public:
    LiveWorker(LiveRequest request, std::shared_ptr<const CancellationToken> cancel,
        std::shared_ptr<live::RetryNow> retryNow, std::shared_ptr<LatestFrame> frames,
        QObject* parent = nullptr);

public slots:
    void run();

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
    void stopped(const QString& summary);
    void failed(const QString& message);
    void finished();

private:
    live::LiveObserver observer();
    QString redacted(const std::string& message) const;

    LiveRequest request_;
    std::shared_ptr<const CancellationToken> cancel_;
    std::shared_ptr<live::RetryNow> retryNow_;
    std::shared_ptr<LatestFrame> frames_;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::live::LiveStep)
Q_DECLARE_METATYPE(vigil::live::WatchStatus)
Q_DECLARE_METATYPE(vigil::live::Alert)
Q_DECLARE_METATYPE(vigil::live::EventRecord)
Q_DECLARE_METATYPE(vigil::live::RetryWait)
Q_DECLARE_METATYPE(vigil::live::ClipSource)
