#pragma once
// Text from outside (file names, messages that quote them) made safe for a terminal: control
// characters, which could move the cursor, retitle the window or forge a new line, are shown
// escaped (\n, \t, \x1b...); everything else, UTF-8 included, is kept. Pure; any thread.

#include <string>
#include <string_view>

namespace vigil {

std::string printable(std::string_view text);

} // namespace vigil
