#pragma once
// Runs a program to its end, as the demo runs Debian's ffmpeg binary to make its videos: argv[0]
// is looked up on PATH, stdin is /dev/null, stdout and stderr go to `logPath` (truncated).
// Blocks the calling thread; a cancel kills the child (SIGKILL) within 100 ms and throws
// Cancelled. Throws vigil::Error naming the program, its exit status and the log's last line (or
// that it wrote none, as on a full disk), when it cannot be started or exits with a failure. Any
// thread.

#include "core/common/cancellation.h"

#include <string>
#include <vector>

namespace vigil::demo {

void runProgram(const std::vector<std::string>& argv, const std::string& logPath,
    const CancellationToken& cancel);

} // namespace vigil::demo
