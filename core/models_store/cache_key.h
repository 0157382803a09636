#pragma once
// The secret that tells the checksum cache's own entries from forged ones: 32 random bytes made
// on first use and kept in $XDG_CONFIG_HOME/vigil/checksum-cache.key (~/.config without
// XDG_CONFIG_HOME), mode 0600, so only this user's Vigil can sign an entry. Each entry carries
// an HMAC-SHA-256 of its fields under that key; one without a valid HMAC (hand-written, copied
// from another user, or from before keys existed) is no entry, and the file is hashed again.
// Any thread; never throws: without a usable key no entry is trusted, and a key file that is
// there but unusable is reported once per process (core/common/ignored_files.h).

#include <optional>
#include <string>

namespace vigil::models_store {

// 64 lowercase hex digits, or nullopt when the key can neither be read nor made (a read-only
// home, a key file of another owner or readable by others).
std::optional<std::string> checksumCacheKey();

// HMAC-SHA-256 (RFC 2104) of `message` under `key`, as lowercase hex.
std::string hmacSha256Hex(const std::string& key, const std::string& message);

} // namespace vigil::models_store
