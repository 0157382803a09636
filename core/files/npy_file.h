#pragma once
// NumPy .npy files of float32 arrays (format versions 1 to 3, C order), as numpy.save writes and
// numpy.load reads them. Reading checks the header against the file size before allocating.
// Throws vigil::IoError naming the file.

#include "core/common/float_array.h"

#include <string>

namespace vigil::files {

void writeNpy(const std::string& path, const FloatArray& array); // atomic
// '<f4' as is; '<f8', integer and bool arrays converted to float32.
FloatArray readNpy(const std::string& path);

} // namespace vigil::files
