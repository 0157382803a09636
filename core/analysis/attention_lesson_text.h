#pragma once
// printf into a std::string, for the lesson's sentences. Private to core/analysis.

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

} // namespace vigil::analysis::detail
