#pragma once
// How vigil watch numbers its events so that no run reuses a file name of another: ids go on
// after the highest one found in the output folder, in the event files (event-NNNNNN.*, also
// clips and thumbnails whose lines were rotated away) and in every events.jsonl* there. Pure
// reads of the folder; any thread; never throws (an unreadable entry counts for nothing).

#include <cstdint>
#include <string>

namespace vigil::live {

// "event-000042.mkv"
std::string eventFileName(int64_t id, const char* extension);

// 0 when the folder holds no event yet.
int64_t highestEventId(const std::string& dir);

} // namespace vigil::live
