#include "ui/event_columns.h"

#include <cmath>

namespace vigil::ui {

void EventColumns::setResult(const analysis::AnalysisResult* result)
{
    result_ = result;
    update();
}

bool EventColumns::setSource(const analysis::EventSource& source)
{
    if (source == source_)
        return false;
    source_ = source;
    update();
    return true;
}

bool EventColumns::holdsEvent(int64_t first, int64_t last, double threshold) const
{
    // range() of frames past the end is 0, which a threshold of 0 would take for an event.
    return first < envelope_.frameCount() && envelope_.range(first, last).max >= threshold;
}

void EventColumns::update()
{
    if (!result_) {
        envelope_ = {};
        return;
    }
    std::vector<float> curve = analysis::eventCurve(*result_, source_);
    // Below any threshold: a frame no scorer (or fewer than k) scored is in no event.
    for (float& value : curve)
        if (std::isnan(value))
            value = -1.0f;
    envelope_ = ScoreEnvelope(curve);
}

} // namespace vigil::ui
