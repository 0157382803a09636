#pragma once
// A small fingerprint of a file, kept in a result so that `vigil clips` can tell the video that
// was analysed from another of the same name, format and length (a copy in another folder, a
// re-encode): its size and the SHA-256 of its first and last MiB (together; the whole file when
// smaller), which covers an MP4's moov atom wherever the muxer put it. Reads at most 2 MiB.
// Pure function of the file; any thread.

#include <cstdint>
#include <optional>
#include <string>

namespace vigil::files {

struct FileFingerprint {
    int64_t sizeBytes = 0;
    std::string sampleSha256; // of bytes [0, 1 MiB) and [size - 1 MiB, size)

    bool operator==(const FileFingerprint& other) const
    {
        return sizeBytes == other.sizeBytes && sampleSha256 == other.sampleSha256;
    }
};

// nullopt when the path is not a readable regular file (a stream URL, a device).
std::optional<FileFingerprint> fingerprintOf(const std::string& path);

} // namespace vigil::files
