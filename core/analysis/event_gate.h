#pragma once
// EventGate: the one event rule's decision (event_rule.h), value by value, for the offline rule
// over a result's frames and for live alerts over the steps as they come (core/live's
// AlertTracker): an event opens at a value at or above `on`, stays open while values are at or
// above `off`, and closes at the first below it or not scored (NaN). One run's state; its thread
// only.

#include <cmath>

namespace vigil::analysis {

class EventGate {
public:
    EventGate(double on, double off)
        : on_(on)
        , off_(off)
    {
    }

    // Whether an event is open after this value.
    bool feed(float value)
    {
        isOpen_ = !std::isnan(value) && value >= (isOpen_ ? off_ : on_);
        return isOpen_;
    }
    bool isOpen() const { return isOpen_; }
    void close() { isOpen_ = false; }

private:
    double on_;
    double off_;
    bool isOpen_ = false;
};

} // namespace vigil::analysis
