#pragma once
// EventColumns: which frames of a result the timeline shades as events: the runs at or above
// the threshold of the chosen scores (analysis::eventCurve), the events the list shows. Kept as
// a ScoreEnvelope, so a pixel column asks in near-constant time on a video of any length. GUI
// thread (owned by TimelineView).

#include "core/analysis/event_source.h"
#include "ui/score_envelope.h"

namespace vigil::ui {

class EventColumns {
public:
    void setResult(const analysis::AnalysisResult* result);
    // False when the source is the one already shown.
    bool setSource(const analysis::EventSource& source);
    const analysis::EventSource& source() const { return source_; }
    // Whether frames [first, last] hold a frame of an event at threshold.
    bool holdsEvent(int64_t first, int64_t last, double threshold) const;

private:
    void update();

    const analysis::AnalysisResult* result_ = nullptr;
    analysis::EventSource source_;
    ScoreEnvelope envelope_; // -1 where the curve has no score
};

} // namespace vigil::ui
