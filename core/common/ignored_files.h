#pragma once
// The caches Vigil reads (the calibration, the checksum caches and their key) are shortcuts: one
// that is damaged or cannot be read is ignored, and the user hears of it once per process. Core
// code reports it here, as a value for the front end, and never prints: the sink the front end
// installs shows it (app/: one stderr line, "vigil: warning: <file>: <problem>; ignored").
// Any thread.

#include <functional>
#include <string>

namespace vigil {

using IgnoredFileSink = std::function<void(const std::string& file, const std::string& problem)>;

// Replaces the sink (an empty one drops reports) and forgets the files reported so far: a
// front end's start.
void setIgnoredFileSink(IgnoredFileSink sink);

// Passes `problem` to the sink the first time `file` is reported, and drops later reports of
// that file: a cache read twice in one run is one line. A `problem` that starts with "<file>: "
// (an IoError's message) loses that prefix.
void reportIgnoredFile(const std::string& file, const std::string& problem);

} // namespace vigil
