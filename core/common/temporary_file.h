#pragma once
// The one naming of the temporaries Vigil writes before renaming them into place
// ("<target>.tmp-<host>-<pid>-<n>"), shared by files::writeFileAtomically and the clip muxer of
// core/media, so that files::removeStaleTemporaries recognises what any of them left behind.
// Any thread.

#include <string>

namespace vigil {

inline constexpr const char* kTemporaryTag = ".tmp-";

// This machine's host name as temporaries carry it: letters, digits and '.' only.
std::string temporaryHostTag();

// A fresh temporary name beside path, in the same folder (so rename() stays on one file system).
std::string temporaryPathFor(const std::string& path);

// fsync of a written file: rename() alone does not order the data before the name on every
// file system. Best effort: a file that cannot be opened is left as it is.
void flushToDisk(const std::string& path);

} // namespace vigil
