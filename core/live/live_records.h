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
    int64_t id = 0; // 1, 2, ... in this folder, across runs (event_ids.h)
    std::string source; // redacted (core/common/redacted_url.h)
    std::string networks; // analysis::weightsSummary of the networks that scored it
    Alert alert;
    std::string thumbnail; // file name beside events.jsonl; empty when none was written
    // File name of the clip once it is on disk (the post-roll has passed); empty before, and
    // when it could not be written.
    std::string clip;
    int64_t clipFromUs = 0; // the range asked of the clip (pre-roll before, post-roll after)
    int64_t clipToUs = 0;
};

// events.jsonl's closed_by: "score", "stop" (the watch was stopped) or "stream-lost" (the
// stream dropped or stayed away with the alert open).
std::string closedByText(AlertEnd end);

// "2026-12-01T12:27:39.123Z"
std::string wallTimeText(int64_t msSinceEpoch);
int64_t wallClockMs();

// One JSON object on one line, no newline: "type": "alert", written when the alert closes. Its
// "clip" is the clip's name once written (the --exec hook's line), else null (events.jsonl's
// line: the clip comes later, in a clip line).
std::string eventJsonLine(const EventRecord& event);

// The line that follows an alert's once its clip is complete: "type": "clip_written" with the
// clip's name, or "type": "clip_failed" with why (`problem` not empty). Never names a file that
// is not on disk.
std::string clipJsonLine(const EventRecord& event, const std::string& problem);

// "12.480,2026-12-01T12:27:39.123Z,0.731204" or with an empty score when not scored.
std::string scoresCsvRow(int64_t streamUs, int64_t wallMs, std::optional<float> score);

} // namespace vigil::live
