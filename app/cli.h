#pragma once
// The command line: builds the CLI11 parser, parses argv and runs the chosen command.

#include "core/common/cancellation.h"

namespace vigil::app {

int runCommandLine(int argc, char** argv, const CancellationToken& cancel);

} // namespace vigil::app
