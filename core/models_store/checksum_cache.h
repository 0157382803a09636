#pragma once
// Remembers the SHA-256 of the files in one folder, keyed by file name, size and modification
// time, so `vigil models list` need not re-read every large file. Lives in the folder as
// `.checksums.json`; a missing or unreadable cache is simply empty (it is only a shortcut).
// One thread at a time; remember() throws vigil::IoError when the cache cannot be written.

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace vigil::models_store {

class ChecksumCache {
public:
    explicit ChecksumCache(std::string folder);

    // The remembered hash, if the file still has the size and time it had then.
    std::optional<std::string> lookup(const std::string& fileName) const;
    void remember(const std::string& fileName, const std::string& sha256);

private:
    struct Stamp {
        int64_t sizeBytes = -1;
        int64_t modifiedNs = 0;
        std::string sha256;
    };
    static std::optional<Stamp> stampOf(const std::string& path);

    std::string folder_;
    std::map<std::string, Stamp> entries_;
};

} // namespace vigil::models_store
