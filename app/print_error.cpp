#include "app/print_error.h"

#include "core/common/printable.h"

#include <cstdio>

namespace vigil::app {

void printError(const std::string& message)
{
    std::fprintf(stderr, "vigil: %s\n", printable(message).c_str());
}

} // namespace vigil::app
