#pragma once
// Writes a file so that readers see either the old file or the complete new one: the bytes go
// to a temporary file in the same folder, are flushed, then renamed over the target.
// Throws vigil::IoError naming the path. Any thread.

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>

namespace vigil::io {

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);
void writeFileAtomically(const std::string& path, const std::string& contents);

} // namespace vigil::io
