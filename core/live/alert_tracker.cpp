#include "core/live/alert_tracker.h"

namespace vigil::live {

AlertTracker::AlertTracker(AlertSettings settings)
    : settings_(settings)
    , gate_(settings.on, settings.off)
{
}

std::optional<Alert> AlertTracker::add(const ScoredStep& step)
{
    didPeakChange_ = false;
    const bool wasOpen = gate_.isOpen();
    if (!gate_.feed(step.score))
        return wasOpen ? closeIfLongEnough(AlertEnd::Score) : std::nullopt;
    if (!wasOpen) {
        open_ = Alert { step.startUs, step.endUs, step.wallStartMs, step.wallEndMs, step };
        didPeakChange_ = true;
        return std::nullopt;
    }
    open_->endUs = step.endUs;
    open_->wallEndMs = step.wallEndMs;
    if (step.score > open_->peak.score) {
        open_->peak = step;
        didPeakChange_ = true;
    }
    return std::nullopt;
}

std::optional<Alert> AlertTracker::stop(AlertEnd by)
{
    didPeakChange_ = false;
    return open_ ? closeIfLongEnough(by) : std::nullopt;
}

std::optional<Alert> AlertTracker::closeIfLongEnough(AlertEnd by)
{
    Alert alert = std::move(*open_);
    open_.reset();
    gate_.close();
    alert.closedBy = by;
    if (alert.endUs - alert.startUs < settings_.minDurationUs)
        return std::nullopt;
    return alert;
}

} // namespace vigil::live
