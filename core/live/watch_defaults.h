#pragma once
// What every front end of vigil watch (the CLI, the desktop app's live view) chooses the same
// way: the default output folder and the size of the packet ring kept for clips. Pure.

#include "core/live/live_reader.h"

#include <cstdint>
#include <string>

namespace vigil::live {

// "watch-<displayName with every character but letters, digits, '.' and '-' as '_'>".
std::string defaultWatchOutputDir(const std::string& displayName);

// The ring covers pre-roll, post-roll and an alert of up to two minutes; 64 MiB at most.
void sizePacketRing(ReaderSettings& reader, int64_t preRollUs, int64_t postRollUs);

} // namespace vigil::live
