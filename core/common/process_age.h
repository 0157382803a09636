#pragma once
// How long ago this process started, as the kernel counts it (/proc/self/stat's start time, in
// clock ticks of 10 ms): `vigil` reaches its program through two execs that keep the process, so
// this includes the launcher, the dynamic loader and LibTorch's start-up, which a clock started
// in main() would miss. Linux only; any thread.

#include <optional>
#include <string_view>

namespace vigil {

// Seconds since the process started; nullopt where /proc cannot be read.
std::optional<double> secondsSinceProcessStart();

// The start time field (22nd, in clock ticks since boot) of a /proc/PID/stat line; nullopt when
// the line is malformed. The command name (field 2) may hold spaces and parentheses.
std::optional<long long> startTicksOfStatLine(std::string_view statLine);

} // namespace vigil
