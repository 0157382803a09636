#include "ui/live/live_status.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace vigil::ui {
namespace {

double secondsBetween(LiveStatus::Clock::time_point from, LiveStatus::Clock::time_point to)
{
    return std::max(0.0, std::chrono::duration<double>(to - from).count());
}

} // namespace

LiveStatus::LiveStatus(Clock::time_point startedAt)
    : startedAt_(startedAt)
{
}

void LiveStatus::frameShown(Clock::time_point at)
{
    lastFrameAt_ = at;
    retry_.reset(); // a frame came: the source is open again
}

void LiveStatus::stepScored(const live::WatchStatus& status)
{
    lastStatus_ = status;
    isAlertOpen_ = status.isAlertOpen;
}

void LiveStatus::retryWaiting(const live::RetryWait& wait, Clock::time_point at)
{
    retry_ = wait;
    retryAt_ = at + std::chrono::milliseconds(wait.delayMs);
}

bool LiveStatus::isStale(Clock::time_point now) const
{
    return lastFrameAt_ && now - *lastFrameAt_ >= kStaleAfter;
}

std::optional<double> LiveStatus::secondsSinceFrame(Clock::time_point now) const
{
    if (!lastFrameAt_)
        return std::nullopt;
    return secondsBetween(*lastFrameAt_, now);
}

bool LiveStatus::isWaitingToRetry(Clock::time_point now) const
{
    return retry_ && now < retryAt_;
}

QString LiveStatus::retryText(Clock::time_point now) const
{
    if (now >= retryAt_)
        return retry_->hasConnected ? QObject::tr("reconnecting…") : QObject::tr("trying again…");
    const auto seconds = static_cast<int>(std::ceil(secondsBetween(now, retryAt_)));
    return (retry_->hasConnected ? QObject::tr("reconnecting in %1 s")
                                 : QObject::tr("retrying in %1 s"))
        .arg(seconds);
}

QString LiveStatus::text(Clock::time_point now) const
{
    const QString alert = isAlertOpen_ ? QObject::tr(" · ALERT") : QString();
    if (!lastFrameAt_) {
        if (retry_)
            return QObject::tr("Cannot open: %1 · %2")
                .arg(QString::fromStdString(retry_->reason), retryText(now));
        return QObject::tr("Connecting… (%1 s)")
            .arg(static_cast<int>(secondsBetween(startedAt_, now)));
    }
    if (retry_ || isStale(now)) {
        const QString stale
            = QObject::tr("STALE · last frame %1 s ago").arg(*secondsSinceFrame(now), 0, 'f', 1);
        return retry_ ? stale + QStringLiteral(" · ") + retryText(now) : stale + alert;
    }
    if (!lastStatus_)
        return QObject::tr("LIVE · waiting for the first score");
    return QObject::tr("LIVE · lag %1 s%2")
        .arg(static_cast<double>(lastStatus_->lagMs) / 1e3, 0, 'f', 1)
        .arg(alert);
}

} // namespace vigil::ui
