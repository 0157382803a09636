#include "core/models_store/checksum_cache.h"

#include "core/common/cache_folder.h"

#include "core/common/error.h"
#include "core/common/ignored_files.h"
#include "core/files/atomic_file.h"
#include "core/files/regular_file.h"
#include "core/files/sha256.h"
#include "core/models_store/cache_key.h"

#include <nlohmann/json.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace vigil::models_store {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kCacheName = ".checksums.json";

bool isSha256Hex(const std::string& text)
{
    return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    });
}

} // namespace

// Size, modification time, change time and inode identify a version of a file: a file replaced
// by rename (how downloads and atomic writes land) gets a new inode, and a rewrite in place
// moves the change time even when the modification time is set back (touch -d can restore
// mtime, nothing but the kernel sets ctime).
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
    stamp.changedNs = static_cast<int64_t>(status.st_ctim.tv_sec) * 1000000000
        + static_cast<int64_t>(status.st_ctim.tv_nsec);
    return stamp;
}

// What the HMAC covers: every field a lookup trusts, the file's name included (an entry moved
// to another name is forged too).
std::optional<std::string> ChecksumCache::macOf(
    const std::string& fileName, const Stamp& stamp) const
{
    if (!key_)
        return std::nullopt;
    const std::string message = fileName + '\n' + std::to_string(stamp.sizeBytes) + '\n'
        + std::to_string(stamp.modifiedNs) + '\n' + std::to_string(stamp.changedNs) + '\n'
        + std::to_string(stamp.inode) + '\n' + stamp.sha256;
    return hmacSha256Hex(*key_, message);
}

namespace {

// Entries written before the inode or the change time was kept have none: they are hashed once
// more. A hash that is not 64 lowercase hex digits was not written by sha256Hex: no entry (it
// would reach results and terminals as it is).
std::optional<ChecksumCache::Stamp> stampFrom(const json& item)
{
    if (!item.is_object())
        return std::nullopt;
    for (const char* key : { "size", "mtime_ns", "ctime_ns", "inode" })
        if (!item.contains(key) || !item[key].is_number_integer())
            return std::nullopt;
    if (!item.contains("sha256") || !item["sha256"].is_string()
        || !isSha256Hex(item["sha256"].get<std::string>()))
        return std::nullopt;
    return ChecksumCache::Stamp { item["size"].get<int64_t>(), item["mtime_ns"].get<int64_t>(),
        item["inode"].get<int64_t>(), item["ctime_ns"].get<int64_t>(),
        item["sha256"].get<std::string>() };
}

} // namespace

ChecksumCache::ChecksumCache(std::string folder)
    : ChecksumCache(folder, (fs::path(folder) / kCacheName).string())
{
}

ChecksumCache::ChecksumCache(std::string folder, std::string cacheFile)
    : folder_(std::move(folder))
    , cacheFile_(std::move(cacheFile))
    , key_(checksumCacheKey())
{
    std::error_code missing;
    if (!fs::exists(fs::symlink_status(cacheFile_, missing)))
        return; // nothing hashed in this folder yet
    std::string text;
    try {
        // Never a FIFO, a device or a folder opened as the cache (a load would hang or abort),
        // nor an oversized file read whole: any of them is no cache, and every file is hashed.
        const files::RegularFile file(cacheFile_);
        if (file.sizeBytes() > kMaxFileBytes)
            throw IoError(
                std::to_string(file.sizeBytes()) + " bytes, larger than any checksum cache");
        text = file.readAll();
    } catch (const IoError& error) {
        reportIgnoredFile(cacheFile_, error.what());
        return;
    }
    const json stored = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!stored.is_object()) {
        reportIgnoredFile(cacheFile_,
            stored.is_discarded() ? "not valid JSON" : "not a checksum cache (no JSON object)");
        return;
    }
    // An entry without a valid HMAC (forged, of another user, from before keys) is silently no
    // entry: the file is hashed again and the entry rewritten.
    for (const auto& [name, item] : stored.items()) {
        std::optional<Stamp> stamp = stampFrom(item);
        const std::optional<std::string> mac = stamp ? macOf(name, *stamp) : std::nullopt;
        if (mac && item.contains("hmac") && item["hmac"].is_string() && item["hmac"] == *mac)
            entries_[name] = std::move(*stamp);
    }
}

std::optional<std::string> ChecksumCache::lookup(const std::string& fileName) const
{
    const auto it = entries_.find(fileName);
    if (it == entries_.end())
        return std::nullopt;
    const std::optional<Stamp> now = stampOf((fs::path(folder_) / fileName).string());
    if (!now || now->sizeBytes != it->second.sizeBytes || now->modifiedNs != it->second.modifiedNs
        || now->inode != it->second.inode || now->changedNs != it->second.changedNs)
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
            { "ctime_ns", entry.changedNs }, { "inode", entry.inode }, { "sha256", entry.sha256 },
            { "hmac", macOf(name, entry).value_or("") } };
    std::error_code error;
    fs::create_directories(fs::path(cacheFile_).parent_path(), error); // a failure shows on write
    files::writeFileAtomically(cacheFile_, stored.dump(1) + "\n");
}

std::string checksumCacheFileFor(const std::string& folder)
{
    const fs::path own = fs::path(folder) / kCacheName;
    std::error_code unreadable; // a folder that cannot be read has no cache of its own to use
    if (fs::exists(own, unreadable) && ::access(folder.c_str(), W_OK) == 0)
        return own.string();
    const std::string absolute = fs::absolute(folder).lexically_normal().string();
    return vigilCacheFolder() + "/checksums/"
        + files::sha256Hex(absolute.data(), absolute.size()).substr(0, 16) + ".json";
}

std::string modelsFolderCacheFile(const std::string& folder)
{
    std::error_code error;
    if (!fs::exists(folder, error) || ::access(folder.c_str(), W_OK) == 0)
        return (fs::path(folder) / kCacheName).string();
    return checksumCacheFileFor(folder);
}

std::string cachedSha256OfFile(const std::string& path)
{
    const fs::path file = fs::absolute(path);
    const std::string folder = file.parent_path().string();
    ChecksumCache cache(folder, checksumCacheFileFor(folder));
    const std::string name = file.filename().string();
    if (std::optional<std::string> known = cache.lookup(name))
        return *known;
    const std::string sha256 = files::sha256OfFile(path);
    try {
        cache.remember(name, sha256);
    } catch (const IoError&) {
        // Only a shortcut: the next load hashes the file again.
    }
    return sha256;
}

} // namespace vigil::models_store
