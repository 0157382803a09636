#include "ui/timeline/score_axis.h"

#include <algorithm>

namespace vigil::ui {

void ScoreAxis::reset()
{
    low_ = 0.0;
    high_ = 1.0;
}

void ScoreAxis::fitTo(double minScore, double maxScore)
{
    if (maxScore < minScore)
        std::swap(minScore, maxScore);
    const double margin = std::max((maxScore - minScore) * 0.1, kMinSpan / 2.0);
    setRange(minScore - margin, maxScore + margin);
}

void ScoreAxis::zoomAround(double score, double factor)
{
    const double span = high_ - low_;
    const double newSpan = std::clamp(span * factor, kMinSpan, 1.0);
    const double fraction = span > 0.0 ? (score - low_) / span : 0.5;
    const double low = score - fraction * newSpan;
    setRange(low, low + newSpan);
}

// Keeps the span and slides the range inside 0..1.
void ScoreAxis::setRange(double low, double high)
{
    const double span = std::clamp(high - low, kMinSpan, 1.0);
    low_ = std::clamp(low, 0.0, 1.0 - span);
    high_ = low_ + span;
}

double ScoreAxis::yOf(double score, double top, double height) const
{
    return top + height - (score - low_) / (high_ - low_) * height;
}

double ScoreAxis::scoreAt(double y, double top, double height) const
{
    return low_ + (top + height - y) / height * (high_ - low_);
}

} // namespace vigil::ui
