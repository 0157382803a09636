#include "core/common/process_age.h"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iterator>
#include <string>

namespace vigil {

std::optional<long long> startTicksOfStatLine(std::string_view statLine)
{
    const size_t nameEnd = statLine.rfind(')');
    if (nameEnd == std::string_view::npos)
        return std::nullopt;
    // After the name: field 3 (state) onwards, separated by single spaces; start time is 22.
    std::string_view rest = statLine.substr(nameEnd + 1);
    constexpr int kStartTimeField = 22;
    for (int field = 3; field <= kStartTimeField; ++field) {
        const size_t begin = rest.find_first_not_of(' ');
        if (begin == std::string_view::npos)
            return std::nullopt;
        rest.remove_prefix(begin);
        const size_t end = std::min(rest.find(' '), rest.size());
        if (field == kStartTimeField) {
            long long ticks = 0;
            const auto [last, error] = std::from_chars(rest.data(), rest.data() + end, ticks);
            if (error != std::errc() || last != rest.data() + end || ticks < 0)
                return std::nullopt;
            return ticks;
        }
        rest.remove_prefix(end);
    }
    return std::nullopt;
}

std::optional<double> secondsSinceProcessStart()
{
    std::ifstream stat("/proc/self/stat");
    const std::string line(
        (std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const std::optional<long long> ticks = startTicksOfStatLine(line);
    const long ticksPerSecond = sysconf(_SC_CLK_TCK);
    timespec now {};
    // The kernel counts the start time on the boot-time clock (suspend included).
    if (!ticks || ticksPerSecond <= 0 || clock_gettime(CLOCK_BOOTTIME, &now) != 0)
        return std::nullopt;
    const double sinceBoot
        = static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9;
    return sinceBoot - static_cast<double>(*ticks) / static_cast<double>(ticksPerSecond);
}

} // namespace vigil
