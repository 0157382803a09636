#include "core/common/count_limits.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include <unistd.h>

namespace vigil {
namespace {

constexpr int64_t kMaxSteps = 1'000'000; // 16M frames at 16 per step: days of video
constexpr double kHourS = 3600.0;
constexpr double kDayS = 24 * kHourS;
constexpr size_t kMaxEchoedChars = 24; // a 310-digit value is shown cut, not in full

// The value as the user typed it, cut so that a huge one stays one short line.
std::string echoed(const std::string& text)
{
    return text.size() <= kMaxEchoedChars ? text : text.substr(0, kMaxEchoedChars) + "...";
}

std::string numberText(double value)
{
    std::ostringstream out;
    out << value;
    return out.str();
}

uint64_t memInfoTotalBytes()
{
    std::ifstream in("/proc/meminfo");
    std::string key;
    uint64_t kib = 0;
    while (in >> key >> kib) {
        if (key == "MemTotal:")
            return kib * 1024;
        in.ignore(256, '\n');
    }
    return 0;
}

} // namespace

int64_t coreCount()
{
    return std::max<int64_t>(1, static_cast<int64_t>(std::thread::hardware_concurrency()));
}

uint64_t physicalMemoryBytes()
{
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long pageSize = ::sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && pageSize > 0)
        return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
    return memInfoTotalBytes();
}

namespace bounds {

CountBound threads()
{
    return { 0, coreCount(), "this machine's " + std::to_string(coreCount()) + " cores (0: all)" };
}

CountBound jobs()
{
    return { 0, coreCount(),
        "this machine's " + std::to_string(coreCount()) + " cores (0: automatic)" };
}

CountBound steps()
{
    return { 1, kMaxSteps, {} };
}
CountBound frameStep()
{
    return { 1, 1000, {} };
}
CountBound snippetFrames()
{
    return { 1, 1024, {} };
}
CountBound crop()
{
    return { 0, 9, {} };
}
CountBound hiddenSize()
{
    return { 1, 4096, {} };
}
CountBound rows()
{
    return { 1, 256, {} };
}
CountBound epochs()
{
    return { 1, 100'000, {} };
}
CountBound batchPerClass()
{
    return { 1, 65'536, {} };
}
CountBound folds()
{
    return { 2, 100, {} };
}
CountBound validateEvery()
{
    return { 0, 1'000'000'000, {} };
}
CountBound listLines()
{
    return { 0, 1'000'000'000, {} };
}

CountBound snippetsPerPass()
{
    return { 1, 64, {} };
}
NumberBound threshold()
{
    return { 0.0, 1.0, true };
}
NumberBound fps()
{
    return { 0.0, 1000.0, false };
}
NumberBound learningRate()
{
    return { 0.0, 10.0, false };
}
NumberBound clipContextS()
{
    return { 0.0, kHourS, true };
}
NumberBound demoSeconds()
{
    return { 0.0, kDayS, true };
}
NumberBound alertMinDurationS()
{
    return { 0.0, kHourS, true };
}
NumberBound alertRollS()
{
    return { 0.0, 60.0, true };
}
NumberBound streamTimeoutS()
{
    return { 0.0, kHourS, false };
}
NumberBound reconnectMaxDelayS()
{
    return { 0.0, kHourS, true };
}
NumberBound giveUpAfterS()
{
    return { 0.0, kDayS, true };
}
CountBound timelineMinutes()
{
    return { 1, 120, {} };
}

} // namespace bounds

std::string countProblem(const std::string& text, const CountBound& bound)
{
    errno = 0;
    char* end = nullptr;
    const long long value = std::strtoll(text.c_str(), &end, 10);
    const bool isWhole = !text.empty() && std::isdigit(static_cast<unsigned char>(text.back()))
        && (std::isdigit(static_cast<unsigned char>(text.front())) || text.front() == '-')
        && *end == '\0' && errno != ERANGE;
    if (isWhole && value >= bound.min && value <= bound.max)
        return {};
    if (isWhole && value > bound.max && !bound.limitedBy.empty())
        return echoed(text) + " is more than " + bound.limitedBy;
    return echoed(text) + " is not a whole number from " + std::to_string(bound.min) + " to "
        + std::to_string(bound.max);
}

std::string numberProblem(const std::string& text, const NumberBound& bound)
{
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    const bool isNumber = !text.empty() && *end == '\0' && std::isfinite(value);
    const bool isAboveMin = bound.isMinAllowed ? value >= bound.min : value > bound.min;
    if (isNumber && isAboveMin && value <= bound.max)
        return {};
    return echoed(text) + " is not a number " + (bound.isMinAllowed ? "from " : "above ")
        + numberText(bound.min) + (bound.isMinAllowed ? " to " : " up to ") + numberText(bound.max);
}

std::string memoryProblem(uint64_t bytes, const std::string& what)
{
    const uint64_t memory = physicalMemoryBytes();
    if (memory == 0 || bytes <= memory / 2)
        return {};
    constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
    char text[160];
    std::snprintf(text, sizeof text,
        "%s would need %.1f GiB, more than half of this machine's %.1f GiB", what.c_str(),
        static_cast<double>(bytes) / kGiB, static_cast<double>(memory) / kGiB);
    return text;
}

} // namespace vigil
