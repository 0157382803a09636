#pragma once
// Text from outside (file names, messages that quote them) made safe for a terminal: control
// characters, which could move the cursor, retitle the window or forge a new line, are shown
// escaped (\n, \t, \x1b...), and so are the C1 controls (U+0080..U+009F as \u0080..) and any
// byte that is not part of well-formed UTF-8 (\xe9); all other UTF-8 is kept. Pure; any thread.

#include <cstddef>
#include <string>
#include <string_view>

namespace vigil {

std::string printable(std::string_view text);

// The length of the well-formed UTF-8 sequence of two or more bytes at text[i], or 0 when there
// is none there (ASCII, a stray continuation byte, a truncated, overlong or surrogate sequence).
size_t utf8SequenceLength(std::string_view text, size_t i);

} // namespace vigil
