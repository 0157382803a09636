#pragma once
// Remembers the SHA-256 of the files in one folder, keyed by file name, size, modification and
// change time and inode, so neither `vigil models list` nor loading weights re-reads a 100 MB
// file that was hashed before (a rewrite, a touch or a replacement by rename changes one of
// them; a rewrite whose mtime is set back still moves ctime). Each entry is signed with the
// user's key (cache_key.h), so an entry Vigil did not write, with whatever stamps, is no entry.
// Lives in the folder as `.checksums.json`, or where checksumCacheFileFor() says; a missing or
// unreadable cache is simply empty (it is only a shortcut), and an unreadable or damaged one is
// reported once per process (core/common/ignored_files.h). One thread at a time; remember()
// throws vigil::IoError when the cache cannot be written.

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace vigil::models_store {

class ChecksumCache {
public:
    explicit ChecksumCache(std::string folder); // cache file: <folder>/.checksums.json
    ChecksumCache(std::string folder, std::string cacheFile);

    // The remembered hash, if the file still has the size, times and inode it had then.
    std::optional<std::string> lookup(const std::string& fileName) const;
    void remember(const std::string& fileName, const std::string& sha256);

    static constexpr uint64_t kMaxFileBytes = 4 << 20;

    // What identifies the version of a file the hash is of.
    struct Stamp {
        int64_t sizeBytes = -1;
        int64_t modifiedNs = 0;
        int64_t inode = -1;
        int64_t changedNs = 0;
        std::string sha256;
    };

private:
    static std::optional<Stamp> stampOf(const std::string& path);
    std::optional<std::string> macOf(const std::string& fileName, const Stamp& stamp) const;

    std::string folder_;
    std::string cacheFile_;
    std::map<std::string, Stamp> entries_;
    std::optional<std::string> key_; // nullopt: no entry is trusted
};

// Where the cache of `folder` lives for loads: the folder's own .checksums.json when it exists
// and the folder is writable (the models folder, shared with `vigil models list`), else
// $XDG_CACHE_HOME/vigil/checksums/<hash of the folder's absolute path>.json (~/.cache without
// XDG_CACHE_HOME), so a read-only folder or one of the user's own gets no file of ours.
std::string checksumCacheFileFor(const std::string& folder);

// Where the cache of a models folder lives: its own .checksums.json while the folder can be
// written (shared by `vigil models list`, imports and loads), else checksumCacheFileFor()'s file
// in the user's cache, so a models folder mounted read-only still loads and verifies.
std::string modelsFolderCacheFile(const std::string& folder);

// The SHA-256 of the file at `path`, from that cache when the file is unchanged, else read and
// remembered (a cache that cannot be written is skipped). Throws vigil::IoError like
// files::sha256OfFile when the file cannot be read.
std::string cachedSha256OfFile(const std::string& path);

} // namespace vigil::models_store
