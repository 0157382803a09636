#pragma once
// printf into a std::string, for the lesson's sentences, and the element of a row-major matrix
// the answers read. Private to core/analysis.

#include "core/common/float_array.h"

#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

namespace vigil::analysis::detail {

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
inline std::string
format(const char* pattern, ...)
{
    va_list arguments;
    va_start(arguments, pattern);
    std::vector<char> text(512);
    va_list copy;
    va_copy(copy, arguments);
    const int needed = std::vsnprintf(text.data(), text.size(), pattern, copy);
    va_end(copy);
    if (needed >= static_cast<int>(text.size())) {
        text.resize(static_cast<size_t>(needed) + 1);
        std::vsnprintf(text.data(), text.size(), pattern, arguments);
    }
    va_end(arguments);
    return needed < 0 ? std::string() : std::string(text.data());
}

// matrix[row, column] of a [rows, columns] FloatArray.
inline float at(const FloatArray& matrix, int64_t row, int64_t column)
{
    return matrix.values[static_cast<size_t>(row * matrix.dim(1) + column)];
}

} // namespace vigil::analysis::detail
