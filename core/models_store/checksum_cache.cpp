#include "core/models_store/checksum_cache.h"

#include "core/io/atomic_file.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace vigil::models_store {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kCacheName = ".checksums.json";

} // namespace

// Size and modification time identify a version of a file well enough for a cache: a rewrite
// that keeps both to the nanosecond is not a realistic accident.
std::optional<ChecksumCache::Stamp> ChecksumCache::stampOf(const std::string& path)
{
    std::error_code error;
    const auto size = fs::file_size(path, error);
    if (error)
        return std::nullopt;
    const auto time = fs::last_write_time(path, error);
    if (error)
        return std::nullopt;
    Stamp stamp;
    stamp.sizeBytes = static_cast<int64_t>(size);
    stamp.modifiedNs = std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count();
    return stamp;
}

ChecksumCache::ChecksumCache(std::string folder)
    : folder_(std::move(folder))
{
    std::ifstream in(fs::path(folder_) / kCacheName);
    if (!in)
        return;
    const json stored = json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (!stored.is_object())
        return;
    for (const auto& [name, item] : stored.items()) {
        const auto size = item.find("size");
        const auto time = item.find("mtime_ns");
        const auto sha = item.find("sha256");
        if (!item.is_object() || size == item.end() || time == item.end() || sha == item.end()
            || !size->is_number_integer() || !time->is_number_integer() || !sha->is_string())
            continue;
        entries_[name] = Stamp{size->get<int64_t>(), time->get<int64_t>(), sha->get<std::string>()};
    }
}

std::optional<std::string> ChecksumCache::lookup(const std::string& fileName) const
{
    const auto it = entries_.find(fileName);
    if (it == entries_.end())
        return std::nullopt;
    const std::optional<Stamp> now = stampOf((fs::path(folder_) / fileName).string());
    if (!now || now->sizeBytes != it->second.sizeBytes || now->modifiedNs != it->second.modifiedNs)
        return std::nullopt;
    return it->second.sha256;
}

void ChecksumCache::remember(const std::string& fileName, const std::string& sha256)
{
    std::optional<Stamp> stamp = stampOf((fs::path(folder_) / fileName).string());
    if (!stamp)
        return;  // the file went away; nothing worth remembering
    stamp->sha256 = sha256;
    entries_[fileName] = *stamp;
    json stored = json::object();
    for (const auto& [name, entry] : entries_)
        stored[name] = {{"size", entry.sizeBytes}, {"mtime_ns", entry.modifiedNs}, {"sha256", entry.sha256}};
    io::writeFileAtomically((fs::path(folder_) / kCacheName).string(), stored.dump(1) + "\n");
}

} // namespace vigil::models_store
