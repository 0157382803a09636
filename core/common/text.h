#pragma once
// Small string helpers: tests the standard library has only from C++20 on, and a list in words.

#include <string>
#include <string_view>
#include <vector>

namespace vigil {

inline bool endsWith(std::string_view text, std::string_view suffix)
{
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// The value of a hexadecimal digit (either case), or -1 for any other character: for %XX.
inline int hexDigitValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

// "a", "a and b", "a, b and c": a list in a sentence.
inline std::string joinedList(const std::vector<std::string>& items)
{
    std::string text;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            text += i + 1 == items.size() ? " and " : ", ";
        text += items[i];
    }
    return text;
}

} // namespace vigil
