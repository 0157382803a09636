#pragma once
// Small string tests the standard library has only from C++20 on.

#include <string_view>

namespace vigil {

inline bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

} // namespace vigil
