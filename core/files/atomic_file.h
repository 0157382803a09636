#pragma once
// Writes a file so that readers see either the old file or the complete new one: the bytes go
// to a temporary file in the same folder ("<target>.tmp-<host>-<pid>-<n>"), are flushed, then
// renamed over the target. Throws vigil::IoError naming the path. Any thread.

#include <chrono>
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>

namespace vigil::files {

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);
void writeFileAtomically(const std::string& path, const std::string& contents);

// Creates the output folder `path` and its parents if missing. Throws vigil::IoError in the one
// line every front end shows ("out.txt: is a file, not a folder"), never the filesystem's own
// text ("filesystem error: cannot create directories: File exists [out.txt]").
void createOutputFolder(const std::string& path);

// Removes, under `dir` (recursively), the temporaries that writeFileAtomically left when its
// process was killed: those of this host whose process no longer runs, and any older than
// `staleAfter` (a process on another machine sharing the folder, e.g. a Slurm shard, finishes a
// write in well under a second). Returns how many it removed; unreadable folders are skipped.
size_t removeStaleTemporaries(
    const std::string& dir, std::chrono::seconds staleAfter = std::chrono::hours(1));

} // namespace vigil::files
