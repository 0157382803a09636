#pragma once
// LiveStatus: what the live window's status bar says about the stream, from what it has heard:
// "LIVE · lag 0.8 s · ALERT" while frames come; "STALE · last frame 4.2 s ago" when they stop
// (a dead server, a stalled stream: the frame on screen is old); "Cannot open …: reason ·
// retrying in 3 s" and "… reconnecting in 3 s" while the reader waits between attempts (Retry
// now ends the wait). Times are passed in, so it is a value to test without waiting. GUI thread.

#include "core/live/live_reader.h"
#include "core/live/watch_session.h"

#include <QString>

#include <chrono>
#include <optional>

namespace vigil::ui {

class LiveStatus {
public:
    using Clock = std::chrono::steady_clock;
    // No frame for this long: the picture is stale.
    static constexpr std::chrono::milliseconds kStaleAfter { 2000 };

    explicit LiveStatus(Clock::time_point startedAt);

    void frameShown(Clock::time_point at);
    void stepScored(const live::WatchStatus& status);
    void alertChanged(bool isOpen) { isAlertOpen_ = isOpen; }
    void retryWaiting(const live::RetryWait& wait, Clock::time_point at);

    QString text(Clock::time_point now) const;
    bool isStale(Clock::time_point now) const;
    // Seconds since the last frame was shown; nullopt before the first.
    std::optional<double> secondsSinceFrame(Clock::time_point now) const;
    // While the reader waits before its next attempt (the Retry now button is offered).
    bool isWaitingToRetry(Clock::time_point now) const;

private:
    QString retryText(Clock::time_point now) const;

    Clock::time_point startedAt_;
    std::optional<Clock::time_point> lastFrameAt_;
    std::optional<live::WatchStatus> lastStatus_;
    bool isAlertOpen_ = false;
    std::optional<live::RetryWait> retry_;
    Clock::time_point retryAt_; // when the next attempt starts
};

} // namespace vigil::ui
