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

    // The files the batch will report, before the first one finishes: files skipped by --resume
    // finish before any progress is sent, and their lines still need the total.
    void setFilesFound(size_t count) { filesFound_ = count; }
    void update(const batch::BatchProgress& progress);
    void fileFinished(const batch::BatchInput& input, const batch::BatchRow& row);
    void finish(); // ends the status line

private:
    using Clock = std::chrono::steady_clock;
    void clearStatusLine();
    static std::string formatStatus(const batch::BatchProgress& progress);

    ProgressPrinter::Mode mode_;
    batch::BatchProgress last_;
    size_t filesFound_ = 0;
    size_t filesFinished_ = 0;
    Clock::time_point lastPrint_ {};
    bool hasPrinted_ = false;
    bool isStatusShown_ = false;
};

} // namespace vigil::app
