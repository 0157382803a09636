#pragma once
// The CLI's one form of a refusal or failure on stderr. Main thread only.

#include <string>

namespace vigil::app {

// "vigil: <message>" on stderr, control characters escaped.
void printError(const std::string& message);

} // namespace vigil::app
