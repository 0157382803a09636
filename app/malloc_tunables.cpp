#include "app/malloc_tunables.h"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace vigil::app {
namespace {

struct Tunable {
    std::string_view name;
    std::string_view value;
};

constexpr std::array<Tunable, 3> kTunables { {
    { "glibc.malloc.hugetlb", "1" },
    { "glibc.malloc.mmap_threshold", "33554432" },
    { "glibc.malloc.trim_threshold", "268435456" },
} };

// Whether "a=1:b=2" names `name` as one of its tunables.
bool setsTunable(std::string_view tunables, std::string_view name)
{
    while (!tunables.empty()) {
        const size_t end = std::min(tunables.find(':'), tunables.size());
        const std::string_view item = tunables.substr(0, end);
        if (item.substr(0, item.find('=')) == name)
            return true;
        tunables.remove_prefix(std::min(end + 1, tunables.size()));
    }
    return false;
}

// MAX_ARG_STRLEN (32 pages of 4 KiB), the terminating NUL included.
constexpr size_t kMaxEnvironmentString = 32 * 4096;

} // namespace

std::string withMallocTunables(std::string_view current)
{
    std::string tunables(current);
    for (const Tunable& tunable : kTunables) {
        if (setsTunable(current, tunable.name))
            continue;
        if (!tunables.empty())
            tunables += ':';
        tunables.append(tunable.name).append("=").append(tunable.value);
    }
    // Linux refuses to execute a program with one environment string over MAX_ARG_STRLEN: the
    // user's own long value then goes on alone rather than failing the start.
    if (tunables.size() + std::string_view("GLIBC_TUNABLES=").size() >= kMaxEnvironmentString)
        return std::string(current);
    return tunables;
}

void setMallocTunables()
{
    const char* current = std::getenv("GLIBC_TUNABLES");
    const std::string tunables = withMallocTunables(current == nullptr ? "" : current);
    ::setenv("GLIBC_TUNABLES", tunables.c_str(), /*overwrite=*/1);
}

} // namespace vigil::app
