#include "core/tuning/machine_key.h"

#include "core/common/error.h"
#include "core/common/ignored_files.h"
#include "core/files/regular_file.h"

#include <cstdlib>

namespace vigil::tuning {
namespace {

// /proc/cpuinfo of a 256-thread machine is about 400 KiB; the first processor's lines are far less.
constexpr uint64_t kMaxCpuInfoBytes = 1 << 20;

std::string_view trimmed(std::string_view text)
{
    const auto begin = text.find_first_not_of(" \t");
    if (begin == std::string_view::npos)
        return {};
    const auto end = text.find_last_not_of(" \t\r");
    return text.substr(begin, end - begin + 1);
}

bool hasFlag(std::string_view flags, std::string_view flag)
{
    size_t at = 0;
    while ((at = flags.find(flag, at)) != std::string_view::npos) {
        const size_t end = at + flag.size();
        const bool starts = at == 0 || flags[at - 1] == ' ';
        if (starts && (end == flags.size() || flags[end] == ' '))
            return true;
        at = end;
    }
    return false;
}

} // namespace

CpuInfo parseCpuInfo(std::string_view text)
{
    CpuInfo info { "unknown CPU", "sse" };
    bool haveModel = false, haveFlags = false;
    while (!text.empty() && !(haveModel && haveFlags)) {
        const size_t newline = text.find('\n');
        const std::string_view line = text.substr(0, newline);
        text = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
        const size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            continue;
        const std::string_view name = trimmed(line.substr(0, colon));
        const std::string_view value = trimmed(line.substr(colon + 1));
        if (name == "model name" && !haveModel && !value.empty()) {
            info.model = std::string(value);
            haveModel = true;
        } else if (name == "flags" && !haveFlags) {
            // avx512f is the foundation every AVX-512 kernel of oneDNN needs.
            info.vectorFlags = hasFlag(value, "avx512f") ? "avx512"
                : hasFlag(value, "avx2")                 ? "avx2"
                                                         : "sse";
            for (const char* flag : { "avx512_bf16", "amx_bf16" })
                if (hasFlag(value, flag))
                    info.bf16Flags += (info.bf16Flags.empty() ? "" : " ") + std::string(flag);
            haveFlags = true;
        }
    }
    return info;
}

CpuInfo readCpuInfo()
{
    const char* saved = std::getenv("VIGIL_CPUINFO");
    const std::string path = saved != nullptr && *saved != '\0' ? saved : "/proc/cpuinfo";
    // Only the first processor's lines are parsed, and they come first: a FIFO, /dev/zero or a
    // huge file named by the environment costs neither a hang nor the memory to hold it.
    try {
        return parseCpuInfo(files::RegularFile(path).readPrefix(kMaxCpuInfoBytes));
    } catch (const IoError& error) {
        reportIgnoredFile(path, error.what());
        return parseCpuInfo({});
    }
}

std::string MachineKey::text() const
{
    return cpu.model + " | " + cpu.vectorFlags + " | libtorch " + libtorchVersion + " | " + backbone
        + " | " + std::to_string(threads) + " threads";
}

} // namespace vigil::tuning
