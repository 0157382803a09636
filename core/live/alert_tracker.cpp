#include "core/live/alert_tracker.h"

namespace vigil::live {

AlertTracker::AlertTracker(AlertSettings settings)
    : settings_(settings)
{
}

std::optional<Alert> AlertTracker::add(const ScoredStep& step)
{
    didPeakChange_ = false;
    if (!open_) {
        if (step.score < settings_.on)
            return std::nullopt;
        open_ = Alert { step.startUs, step.endUs, step.wallStartMs, step.wallEndMs, step };
        didPeakChange_ = true;
        return std::nullopt;
    }
    if (step.score < settings_.off)
        return closeIfLongEnough(AlertEnd::Score);
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
    alert.closedBy = by;
    if (alert.endUs - alert.startUs < settings_.minDurationUs)
        return std::nullopt;
    return alert;
}

} // namespace vigil::live
