#pragma once
// The words vigil watch and the live view end a run with, so both say it the same way and count
// in correct English ("1 alert", "2 alerts"). Pure; any thread.

#include "core/live/watch_session.h"

#include <cstdint>
#include <string>

namespace vigil::live {

// "1 reconnection", "0 reconnections".
std::string countOf(int64_t count, const char* singular, const char* plural);

// "the stream ended; 12 steps scored, 0 skipped, 1 alert, 1 reconnection" (endReason as it is:
// a front end redacts or escapes the whole line).
std::string outcomeSummary(const WatchOutcome& outcome);

} // namespace vigil::live
