#pragma once
// The CLI's commands. Each runs on the main thread, prints one line per failed input on stderr
// and returns an exit code from exit_codes.h; a cancel throws Cancelled out of them, for
// runGuarded (app/command.h).

#include "app/command_options.h"
#include "core/common/cancellation.h"

namespace vigil::app {

int runAnalyze(const RunOptions& options, const CancellationToken& cancel);
int runFeatures(const RunOptions& options, const CancellationToken& cancel);
int runScore(const RunOptions& options, const CancellationToken& cancel);

} // namespace vigil::app
