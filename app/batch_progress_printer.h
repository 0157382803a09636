#pragma once
// Progress of `vigil batch` on stderr: on a terminal one redrawn line (files done/total, the file
// being analysed, overall ETA), otherwise a plain line every few seconds; one line per finished
// file either way. When quiet, only failures. Not thread-safe: BatchRunner calls its callbacks one
// at a time, which is how this is fed.

#include "app/progress_printer.h"
#include "core/batch/batch_runner.h"

#include <chrono>
#include <string>

namespace vigil::app {

class BatchProgressPrinter {
public:
    explicit BatchProgressPrinter(ProgressPrinter::Mode mode);

    void update(const batch::BatchProgress& progress);
    void fileFinished(const batch::BatchInput& input, const batch::BatchRow& row);
    void finish();  // ends the status line

private:
    using Clock = std::chrono::steady_clock;
    void clearStatusLine();
    static std::string formatStatus(const batch::BatchProgress& progress);

    ProgressPrinter::Mode mode_;
    batch::BatchProgress last_;
    Clock::time_point lastPrint_{};
    bool hasPrinted_ = false;
    bool isStatusShown_ = false;
};

} // namespace vigil::app
