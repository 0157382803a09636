#pragma once
// What a weights file must look like to be the one its manifest entry names: its size and its
// SHA-256, in full or (torchvision's convention) only the leading hex digits in its file name.

#include <cstdint>
#include <optional>
#include <string>

namespace vigil::models_store {

struct ExpectedChecksum {
    std::optional<int64_t> sizeBytes; // nullopt when unknown
    std::string sha256; // 64 lowercase hex digits; empty when unknown
    std::string sha256Prefix; // leading lowercase hex digits; empty when unknown

    bool canVerify() const { return !sha256.empty() || !sha256Prefix.empty(); }
    // Only a full SHA-256 pins the bytes: a file that matches it may be called published. A
    // prefix of a few hex digits tells a damaged file, but can be forged (2^32 tries for 8).
    bool isPinned() const { return !sha256.empty(); }

    // Empty when a file of this size and hash fits; otherwise the mismatch in words.
    std::string problemWith(int64_t actualSizeBytes, const std::string& actualSha256) const;
};

} // namespace vigil::models_store
