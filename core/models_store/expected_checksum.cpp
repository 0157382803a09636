#include "core/models_store/expected_checksum.h"

namespace vigil::models_store {

std::string ExpectedChecksum::problemWith(
    int64_t actualSizeBytes, const std::string& actualSha256) const
{
    // The hash decides; the size only makes the message clearer (a truncated download).
    const bool hashFits = !sha256.empty()
        ? actualSha256 == sha256
        : actualSha256.compare(0, sha256Prefix.size(), sha256Prefix) == 0;
    if (hashFits && (!sizeBytes || *sizeBytes == actualSizeBytes))
        return {};
    std::string problem = "checksum mismatch: SHA-256 is " + actualSha256 + ", expected "
        + (!sha256.empty() ? sha256 : sha256Prefix + "...");
    if (sizeBytes && *sizeBytes != actualSizeBytes)
        problem += " (size " + std::to_string(actualSizeBytes) + " bytes, expected "
            + std::to_string(*sizeBytes) + ")";
    return problem;
}

} // namespace vigil::models_store
