#include "core/common/process_memory.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iterator>

namespace vigil {
namespace {

std::string fileText(const char* path)
{
    std::ifstream file(path);
    return { std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>() };
}

std::string mib(int64_t kib)
{
    return std::to_string((kib + 512) / 1024) + " MiB";
}

} // namespace

std::optional<int64_t> kibOfField(std::string_view text, std::string_view name)
{
    for (size_t start = 0; start < text.size();) {
        const size_t end = std::min(text.find('\n', start), text.size());
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        if (line.substr(0, name.size()) != name || line.substr(name.size(), 1) != ":")
            continue;
        line.remove_prefix(std::min(line.find_first_not_of(" \t", name.size() + 1), line.size()));
        int64_t value = 0;
        const auto [last, error] = std::from_chars(line.data(), line.data() + line.size(), value);
        const std::string_view unit(last, static_cast<size_t>(line.data() + line.size() - last));
        if (error != std::errc() || value < 0 || unit != " kB")
            return std::nullopt;
        return value;
    }
    return std::nullopt;
}

ProcessMemory readProcessMemory()
{
    return { kibOfField(fileText("/proc/self/status"), "VmHWM"),
        kibOfField(fileText("/proc/self/smaps_rollup"), "AnonHugePages") };
}

std::string formatMemory(const ProcessMemory& memory)
{
    if (!memory.peakResidentKib && !memory.hugePagesKib)
        return {};
    std::string text = "  memory:";
    if (memory.peakResidentKib)
        text += " peak " + mib(*memory.peakResidentKib) + " resident";
    if (memory.hugePagesKib)
        text += std::string(memory.peakResidentKib ? "," : "") + " " + mib(*memory.hugePagesKib)
            + " on transparent huge pages now";
    return text + "\n";
}

} // namespace vigil
