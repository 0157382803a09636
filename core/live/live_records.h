#pragma once
// The text of what vigil watch writes: one events.jsonl line per alert, one scores.csv row per
// feature step, and wall-clock times as ISO 8601 UTC. Pure; any thread.

#include "core/live/alert_tracker.h"

#include <cstdint>
#include <optional>
#include <string>

namespace vigil::live {

inline constexpr const char* kScoresHeader = "stream_time_s,wall_time,score";

struct EventRecord {
    int64_t id = 0; // 1, 2, ... in this folder
    std::string source; // redacted (core/common/redacted_url.h)
    std::string networks; // analysis::weightsSummary of the networks that scored it
    Alert alert;
    std::string thumbnail; // file name beside events.jsonl; empty when none was written
    std::string clip; // file name of the clip, written once the post-roll has passed
    int64_t clipFromUs = 0; // the range asked of the clip (pre-roll before, post-roll after)
    int64_t clipToUs = 0;
};

// events.jsonl's closed_by: "score", "stop" (the watch was stopped) or "stream-lost" (the
// stream dropped or stayed away with the alert open).
std::string closedByText(AlertEnd end);

// "2026-12-01T12:27:39.123Z"
std::string wallTimeText(int64_t msSinceEpoch);
int64_t wallClockMs();

// One JSON object on one line, no newline.
std::string eventJsonLine(const EventRecord& event);

// "12.480,2026-12-01T12:27:39.123Z,0.731204" or with an empty score when not scored.
std::string scoresCsvRow(int64_t streamUs, int64_t wallMs, std::optional<float> score);

} // namespace vigil::live
