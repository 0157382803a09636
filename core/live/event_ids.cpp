#include "core/live/event_ids.h"

#include "core/files/regular_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace vigil::live {
namespace {

constexpr std::string_view kEventPrefix = "event-";
constexpr size_t kMaxIdDigits = 15; // far beyond any real count, and no overflow

// The id of "event-000042.mkv" (any extension, a temporary one too), else 0.
int64_t idOfFileName(const std::string& name)
{
    if (name.rfind(kEventPrefix, 0) != 0)
        return 0;
    size_t end = kEventPrefix.size();
    while (end < name.size() && name[end] >= '0' && name[end] <= '9')
        ++end;
    const size_t digits = end - kEventPrefix.size();
    if (digits == 0 || digits > kMaxIdDigits || end == name.size() || name[end] != '.')
        return 0;
    return std::stoll(name.substr(kEventPrefix.size(), digits));
}

int64_t highestIdInLines(const std::filesystem::path& path)
{
    // A FIFO or device named events.jsonl is never waited on here: the append that follows
    // refuses it in one line (files::openRegularFile).
    if (!files::regularFileProblem(path.string()).empty())
        return 0;
    std::ifstream in(path);
    int64_t highest = 0;
    for (std::string line; std::getline(in, line);) {
        const nlohmann::json event = nlohmann::json::parse(line, nullptr, false);
        if (!event.is_object())
            continue;
        const auto id = event.find("id");
        if (id != event.end() && id->is_number_integer())
            highest = std::max(highest, id->get<int64_t>());
    }
    return highest;
}

} // namespace

std::string eventFileName(int64_t id, const char* extension)
{
    char name[64];
    std::snprintf(name, sizeof(name), "event-%06lld.%s", static_cast<long long>(id), extension);
    return name;
}

int64_t highestEventId(const std::string& dir)
{
    int64_t highest = 0;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
        const std::string name = entry.path().filename().string();
        highest = std::max(highest, idOfFileName(name));
        // events.jsonl and its rotated copies (events.jsonl.1, ...), regular files only: a FIFO
        // must not hang the start.
        if (name.rfind("events.jsonl", 0) == 0 && entry.is_regular_file(error))
            highest = std::max(highest, highestIdInLines(entry.path()));
    }
    return highest;
}

} // namespace vigil::live
