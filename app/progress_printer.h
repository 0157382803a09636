#pragma once
// Progress of one video on stderr: a redrawn bar with rate and ETA on a terminal, a plain line
// every few seconds otherwise, nothing when quiet. Called from the thread that runs the network.

#include <chrono>
#include <cstdint>
#include <string>

namespace vigil::app {

class ProgressPrinter {
public:
    enum class Mode { Quiet, Terminal, Lines };
    static Mode detectMode(bool isQuiet);

    ProgressPrinter(Mode mode, std::string label);
    void update(int64_t framesDone, int64_t framesEstimate);
    void finish(int64_t framesDone); // ends the bar line

private:
    using Clock = std::chrono::steady_clock;
    std::string formatLine(int64_t framesDone, int64_t framesEstimate, double elapsedS) const;

    Mode mode_;
    std::string label_;
    Clock::time_point start_ = Clock::now();
    Clock::time_point lastPrint_ {};
    bool hasPrinted_ = false;
};

std::string formatDuration(double seconds); // "1:05", "1:02:03"

} // namespace vigil::app
