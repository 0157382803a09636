#include "core/analysis/score_events.h"

namespace vigil::analysis {

std::vector<ScoreEvent> findEvents(const std::vector<float>& frameScores, double threshold)
{
    std::vector<ScoreEvent> events;
    bool isInside = false;
    for (size_t i = 0; i < frameScores.size(); ++i) {
        const auto frame = static_cast<int64_t>(i);
        const float score = frameScores[i];
        if (score >= threshold) {
            if (!isInside) {
                events.push_back({ frame, frame, frame, score });
                isInside = true;
            }
            ScoreEvent& event = events.back();
            event.lastFrame = frame;
            if (score > event.peakScore) {
                event.peakScore = score;
                event.peakFrame = frame;
            }
        } else {
            isInside = false;
        }
    }
    return events;
}

int eventIndexAfter(const std::vector<ScoreEvent>& events, int64_t frame)
{
    for (size_t i = 0; i < events.size(); ++i)
        if (events[i].firstFrame > frame)
            return static_cast<int>(i);
    return -1;
}

int eventIndexBefore(const std::vector<ScoreEvent>& events, int64_t frame)
{
    for (size_t i = events.size(); i-- > 0;)
        if (events[i].firstFrame < frame)
            return static_cast<int>(i);
    return -1;
}

} // namespace vigil::analysis
