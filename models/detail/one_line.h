#pragma once
// Private to models/: error messages quote names and bytes taken from the file, which may hold
// anything, newlines and terminal escapes included. The readers pass each message through
// oneLine() before it leaves them, so the CLI's "vigil: <file>: <problem>" stays one line.

#include <string>

namespace vigil::models::detail {

inline std::string oneLine(std::string message)
{
    constexpr size_t kMaxLength = 500;
    for (auto& byte : message) {
        const auto code = static_cast<unsigned char>(byte);
        if (code < 0x20 || code == 0x7f)
            byte = '?';
    }
    if (message.size() > kMaxLength)
        message = message.substr(0, kMaxLength) + "...";
    return message;
}

} // namespace vigil::models::detail
