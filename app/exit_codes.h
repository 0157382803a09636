#pragma once
// The CLI's documented exit codes.

namespace vigil::app {

enum ExitCode : int {
    kExitOk = 0,
    kExitFailedInput = 1, // at least one input could not be processed
    kExitUsage = 2, // bad command line, or no weights available
    kExitNoneSucceeded = 3, // vigil batch: there were videos, and none could be analysed
    kExitCancelled = 130, // interrupted (Ctrl+C / SIGINT, SIGTERM)
};

} // namespace vigil::app
