#pragma once
// SHA-256 (FIPS 180-4) of bytes or of a file, as lowercase hex. Used to record and verify which
// weights produced a result. Throws vigil::IoError when the file cannot be read.

#include <cstddef>
#include <cstdint>
#include <string>

namespace vigil::files {

std::string sha256Hex(const void* data, size_t size);
std::string sha256OfFile(const std::string& path);

} // namespace vigil::files
