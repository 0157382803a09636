#include "core/models_store/checksum_cache.h"

#include "core/common/error.h"
#include "core/io/atomic_file.h"
#include "core/io/sha256.h"

#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace vigil::models_store {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kCacheName = ".checksums.json";

std::string userCacheFolder()
{
    // The XDG spec says to ignore a relative XDG_CACHE_HOME.
    const char* cache = std::getenv("XDG_CACHE_HOME");
    if (cache != nullptr && cache[0] == '/')
        return std::string(cache) + "/vigil";
    const char* home = std::getenv("HOME");
    return std::string(home != nullptr && home[0] == '/' ? home : "/tmp") + "/.cache/vigil";
}

} // namespace

// Size, modification time and inode identify a version of a file well enough for a cache: a
// rewrite in place that keeps size and time to the nanosecond is not a realistic accident, and
// a file replaced by rename (how downloads and atomic writes land) gets a new inode.
std::optional<ChecksumCache::Stamp> ChecksumCache::stampOf(const std::string& path)
{
    struct stat status { };
    if (::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode))
        return std::nullopt;
    Stamp stamp;
    stamp.sizeBytes = static_cast<int64_t>(status.st_size);
    stamp.modifiedNs = static_cast<int64_t>(status.st_mtim.tv_sec) * 1000000000
        + static_cast<int64_t>(status.st_mtim.tv_nsec);
    stamp.inode = static_cast<int64_t>(status.st_ino);
    return stamp;
}

ChecksumCache::ChecksumCache(std::string folder)
    : ChecksumCache(folder, (fs::path(folder) / kCacheName).string())
{
}

ChecksumCache::ChecksumCache(std::string folder, std::string cacheFile)
    : folder_(std::move(folder))
    , cacheFile_(std::move(cacheFile))
{
    std::ifstream in(cacheFile_);
    if (!in)
        return;
    const json stored = json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (!stored.is_object())
        return;
    for (const auto& [name, item] : stored.items()) {
        if (!item.is_object())
            continue;
        const auto size = item.find("size");
        const auto time = item.find("mtime_ns");
        const auto inode = item.find("inode");
        const auto sha = item.find("sha256");
        // Entries written before the inode was kept have none: they are hashed once more.
        if (size == item.end() || time == item.end() || sha == item.end() || inode == item.end()
            || !size->is_number_integer() || !time->is_number_integer()
            || !inode->is_number_integer() || !sha->is_string())
            continue;
        entries_[name] = Stamp { size->get<int64_t>(), time->get<int64_t>(), inode->get<int64_t>(),
            sha->get<std::string>() };
    }
}

std::optional<std::string> ChecksumCache::lookup(const std::string& fileName) const
{
    const auto it = entries_.find(fileName);
    if (it == entries_.end())
        return std::nullopt;
    const std::optional<Stamp> now = stampOf((fs::path(folder_) / fileName).string());
    if (!now || now->sizeBytes != it->second.sizeBytes || now->modifiedNs != it->second.modifiedNs
        || now->inode != it->second.inode)
        return std::nullopt;
    return it->second.sha256;
}

void ChecksumCache::remember(const std::string& fileName, const std::string& sha256)
{
    std::optional<Stamp> stamp = stampOf((fs::path(folder_) / fileName).string());
    if (!stamp)
        return; // the file went away; nothing worth remembering
    stamp->sha256 = sha256;
    entries_[fileName] = *stamp;
    json stored = json::object();
    for (const auto& [name, entry] : entries_)
        stored[name] = { { "size", entry.sizeBytes }, { "mtime_ns", entry.modifiedNs },
            { "inode", entry.inode }, { "sha256", entry.sha256 } };
    std::error_code error;
    fs::create_directories(fs::path(cacheFile_).parent_path(), error); // a failure shows on write
    io::writeFileAtomically(cacheFile_, stored.dump(1) + "\n");
}

std::string checksumCacheFileFor(const std::string& folder)
{
    const fs::path own = fs::path(folder) / kCacheName;
    if (fs::exists(own) && ::access(folder.c_str(), W_OK) == 0)
        return own.string();
    const std::string absolute = fs::absolute(folder).lexically_normal().string();
    return userCacheFolder() + "/checksums/"
        + io::sha256Hex(absolute.data(), absolute.size()).substr(0, 16) + ".json";
}

std::string cachedSha256OfFile(const std::string& path)
{
    const fs::path file = fs::absolute(path);
    const std::string folder = file.parent_path().string();
    ChecksumCache cache(folder, checksumCacheFileFor(folder));
    const std::string name = file.filename().string();
    if (std::optional<std::string> known = cache.lookup(name))
        return *known;
    const std::string sha256 = io::sha256OfFile(path);
    try {
        cache.remember(name, sha256);
    } catch (const IoError&) {
        // Only a shortcut: the next load hashes the file again.
    }
    return sha256;
}

} // namespace vigil::models_store
