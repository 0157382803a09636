#include "app/progress_printer.h"

#include "core/common/printable.h"

#include <algorithm>
#include <cstdio>
#include <unistd.h>

namespace vigil::app {

std::string formatDuration(double seconds)
{
    const auto total = static_cast<long long>(seconds + 0.5);
    char text[32];
    if (total >= 3600)
        std::snprintf(
            text, sizeof text, "%lld:%02lld:%02lld", total / 3600, total / 60 % 60, total % 60);
    else
        std::snprintf(text, sizeof text, "%lld:%02lld", total / 60, total % 60);
    return text;
}

ProgressPrinter::Mode ProgressPrinter::detectMode(bool isQuiet)
{
    if (isQuiet)
        return Mode::Quiet;
    return ::isatty(STDERR_FILENO) ? Mode::Terminal : Mode::Lines;
}

ProgressPrinter::ProgressPrinter(Mode mode, std::string label)
    : mode_(mode)
    , label_(printable(label)) // a file name: never raw on the terminal
{
}

std::string ProgressPrinter::formatLine(
    int64_t framesDone, int64_t framesEstimate, double elapsedS) const
{
    const double fps = elapsedS > 0 ? static_cast<double>(framesDone) / elapsedS : 0.0;
    char text[256];
    if (framesEstimate > 0) {
        const double fraction
            = std::min(1.0, static_cast<double>(framesDone) / static_cast<double>(framesEstimate));
        const double etaS = fps > 0 ? static_cast<double>(framesEstimate - framesDone) / fps : 0.0;
        constexpr int kWidth = 24;
        std::string bar(kWidth, '-');
        bar.replace(
            0, static_cast<size_t>(fraction * kWidth), static_cast<size_t>(fraction * kWidth), '#');
        const std::string shownBar = mode_ == Mode::Terminal ? " [" + bar + "]" : "";
        std::snprintf(text, sizeof text, "%s%s %3.0f%% %lld/%lld frames, %.1f fps, ETA %s",
            label_.c_str(), shownBar.c_str(), fraction * 100.0, static_cast<long long>(framesDone),
            static_cast<long long>(framesEstimate), fps,
            formatDuration(etaS > 0 ? etaS : 0.0).c_str());
    } else {
        std::snprintf(text, sizeof text, "%s %lld frames, %.1f fps, elapsed %s", label_.c_str(),
            static_cast<long long>(framesDone), fps, formatDuration(elapsedS).c_str());
    }
    return text;
}

void ProgressPrinter::update(int64_t framesDone, int64_t framesEstimate)
{
    if (mode_ == Mode::Quiet)
        return;
    const Clock::time_point now = Clock::now();
    const auto interval
        = mode_ == Mode::Terminal ? std::chrono::milliseconds(100) : std::chrono::seconds(5);
    if (hasPrinted_ && now - lastPrint_ < interval)
        return;
    lastPrint_ = now;
    hasPrinted_ = true;
    const double elapsedS = std::chrono::duration<double>(now - start_).count();
    const std::string line = formatLine(framesDone, framesEstimate, elapsedS);
    if (mode_ == Mode::Terminal)
        std::fprintf(stderr, "\r%s\033[K", line.c_str());
    else
        std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
}

void ProgressPrinter::finish(int64_t framesDone)
{
    if (mode_ == Mode::Quiet)
        return;
    const double elapsedS = std::chrono::duration<double>(Clock::now() - start_).count();
    if (mode_ == Mode::Terminal)
        std::fprintf(stderr, "\r\033[K");
    std::fprintf(stderr, "%s done: %lld frames in %s (%.1f fps)\n", label_.c_str(),
        static_cast<long long>(framesDone), formatDuration(elapsedS).c_str(),
        elapsedS > 0 ? static_cast<double>(framesDone) / elapsedS : 0.0);
}

} // namespace vigil::app
