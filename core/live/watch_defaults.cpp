#include "core/live/watch_defaults.h"

#include <cctype>

namespace vigil::live {

std::string defaultWatchOutputDir(const std::string& displayName)
{
    std::string name = "watch-";
    for (const char c : displayName)
        name += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' ? c : '_';
    return name;
}

void sizePacketRing(ReaderSettings& reader, int64_t preRollUs, int64_t postRollUs)
{
    constexpr int64_t kLongestAlertUs = 120000000;
    reader.ringDurationUs = preRollUs + postRollUs + kLongestAlertUs;
    reader.ringBytes = int64_t { 64 } << 20;
}

} // namespace vigil::live
