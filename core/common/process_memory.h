#pragma once
// This process's memory as the kernel reports it, for --profile: the peak resident size (VmHWM
// of /proc/self/status) and how much anonymous memory sits on transparent huge pages now
// (AnonHugePages of /proc/self/smaps_rollup; app/malloc_tunables.h asks for them). Linux only;
// a field the kernel does not give stays nullopt.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace vigil {

struct ProcessMemory {
    std::optional<int64_t> peakResidentKib;
    std::optional<int64_t> hugePagesKib;
};

ProcessMemory readProcessMemory();

// The value of a "Name:   12345 kB" line of a /proc file; nullopt when absent or malformed.
std::optional<int64_t> kibOfField(std::string_view text, std::string_view name);

// "  memory: peak 546 MiB resident, 302 MiB of it on transparent huge pages", or "" when the
// kernel gave neither figure.
std::string formatMemory(const ProcessMemory& memory);

} // namespace vigil
