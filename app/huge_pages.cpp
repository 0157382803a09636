#include "app/huge_pages.h"

#include <algorithm>
#include <cstdlib>

namespace vigil::app {
namespace {

constexpr std::string_view kHugePagesTunable = "glibc.malloc.hugetlb";

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

} // namespace

std::string tunablesWithHugePages(std::string_view current)
{
    std::string tunables(current);
    if (setsTunable(current, kHugePagesTunable))
        return tunables;
    if (!tunables.empty())
        tunables += ':';
    return tunables.append(kHugePagesTunable).append("=1");
}

void askForHugePages()
{
    const char* current = std::getenv("GLIBC_TUNABLES");
    const std::string tunables = tunablesWithHugePages(current == nullptr ? "" : current);
    ::setenv("GLIBC_TUNABLES", tunables.c_str(), /*overwrite=*/1);
}

} // namespace vigil::app
