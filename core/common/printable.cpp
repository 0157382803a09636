#include "core/common/printable.h"

#include <cstdio>

namespace vigil {

std::string printable(std::string_view text)
{
    std::string safe;
    safe.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\n')
            safe += "\\n";
        else if (c == '\r')
            safe += "\\r";
        else if (c == '\t')
            safe += "\\t";
        else if (c == '\\')
            safe += "\\\\";
        else if (byte < 0x20 || byte == 0x7f) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
            safe += escaped;
        } else {
            safe += c;
        }
    }
    return safe;
}

} // namespace vigil
