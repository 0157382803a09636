#include "core/files/file_fingerprint.h"

#include "core/common/error.h"
#include "core/files/regular_file.h"
#include "core/files/sha256.h"

#include <algorithm>

namespace vigil::files {

std::optional<FileFingerprint> fingerprintOf(const std::string& path)
{
    constexpr uint64_t kSampleBytes = 1 << 20;
    try {
        const RegularFile file(path);
        const uint64_t size = file.sizeBytes();
        const uint64_t head = std::min(size, kSampleBytes);
        const uint64_t tail = std::min(size - head, kSampleBytes);
        std::string bytes(head + tail, '\0');
        file.readAt(0, bytes.data(), head);
        file.readAt(size - tail, bytes.data() + head, tail);
        return FileFingerprint { static_cast<int64_t>(size),
            sha256Hex(bytes.data(), bytes.size()) };
    } catch (const IoError&) {
        return std::nullopt;
    }
}

} // namespace vigil::files
