#pragma once
// The header of a .npy file: the Python literal dict numpy.save writes, e.g.
// "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }" padded with spaces and '\n'.
// It is parsed as that exact shape of dict by a small tokenizer, never searched for substrings:
// the keys 'descr', 'fortran_order' and 'shape', each once, with a string, a bool and a tuple of
// non-negative integers (Python 2's "3L" included), and nothing but padding after it. Anything
// else (unknown or repeated keys, other value types, escapes, trailing text) is refused. A pure
// function; throws vigil::IoError naming `path`.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vigil::files {

struct NpyHeader {
    std::string descr; // as written, e.g. "<f4", "|O"
    bool isFortranOrder = false;
    std::vector<int64_t> shape;
};

NpyHeader parseNpyHeader(std::string_view header, const std::string& path);

} // namespace vigil::files
