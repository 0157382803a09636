#include "app/batch_progress_printer.h"

#include "core/common/plural.h"
#include "core/common/printable.h"

#include <algorithm>
#include <cstdio>

namespace vigil::app {
namespace {

// Keeps a long path to its end, which names the file.
std::string shortened(const std::string& text, size_t maxLength)
{
    return text.size() <= maxLength ? text : "..." + text.substr(text.size() - (maxLength - 3));
}

} // namespace

BatchProgressPrinter::BatchProgressPrinter(ProgressPrinter::Mode mode)
    : mode_(mode)
{
}

std::string BatchProgressPrinter::formatStatus(const batch::BatchProgress& progress)
{
    std::string line = "[" + std::to_string(progress.filesDone) + "/"
        + std::to_string(progress.filesTotal) + "]";
    if (!progress.currentFiles.empty()) {
        line += " " + shortened(printable(progress.currentFiles.front()), 48);
        if (progress.currentFiles.size() > 1)
            line += " (+" + std::to_string(progress.currentFiles.size() - 1) + " more)";
    }
    line += ", elapsed " + formatDuration(progress.elapsedS);
    line += progress.etaS >= 0 ? ", ETA " + formatDuration(progress.etaS) : ", ETA --:--";
    return line;
}

void BatchProgressPrinter::clearStatusLine()
{
    if (isStatusShown_)
        std::fprintf(stderr, "\r\033[K");
    isStatusShown_ = false;
}

void BatchProgressPrinter::update(const batch::BatchProgress& progress)
{
    last_ = progress;
    if (mode_ == ProgressPrinter::Mode::Quiet)
        return;
    const Clock::time_point now = Clock::now();
    const auto interval = mode_ == ProgressPrinter::Mode::Terminal ? std::chrono::milliseconds(200)
                                                                   : std::chrono::seconds(5);
    if (hasPrinted_ && now - lastPrint_ < interval)
        return;
    lastPrint_ = now;
    hasPrinted_ = true;
    if (mode_ == ProgressPrinter::Mode::Terminal) {
        std::fprintf(stderr, "\r%s\033[K", formatStatus(progress).c_str());
        isStatusShown_ = true;
    } else {
        std::fprintf(stderr, "%s\n", formatStatus(progress).c_str());
    }
    std::fflush(stderr);
}

void BatchProgressPrinter::fileFinished(const batch::BatchInput& input, const batch::BatchRow& row)
{
    ++filesFinished_;
    const bool isFailure = row.status == batch::FileStatus::Failed;
    if (mode_ == ProgressPrinter::Mode::Quiet && !isFailure)
        return;
    clearStatusLine();
    if (isFailure) {
        std::fprintf(stderr, "vigil: %s\n", printable(input.path + ": " + row.message).c_str());
    } else {
        const std::string counter = "[" + std::to_string(filesFinished_) + "/"
            + std::to_string(std::max(filesFound_, last_.filesTotal)) + "] ";
        std::string detail = row.message;
        if (row.status == batch::FileStatus::Ok && row.figures) {
            char text[96];
            std::snprintf(text, sizeof text, "max score %.3f at %s, %s, %.1f s",
                static_cast<double>(row.figures->maxScore),
                formatDuration(row.figures->maxScoreTimeS).c_str(),
                counted(row.figures->events, "event").c_str(), row.secondsTaken);
            detail = text + (row.message.empty() ? "" : "; " + row.message);
        }
        std::fprintf(stderr, "%s%s %s: %s\n", counter.c_str(),
            batch::statusName(row.status).c_str(), printable(row.relativePath).c_str(),
            printable(detail).c_str());
    }
    std::fflush(stderr);
    if (mode_ == ProgressPrinter::Mode::Terminal)
        hasPrinted_ = false; // redraw the status line at once
}

void BatchProgressPrinter::finish()
{
    clearStatusLine();
    std::fflush(stderr);
}

} // namespace vigil::app
