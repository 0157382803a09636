#include "core/common/cache_folder.h"

#include <cstdlib>

namespace vigil {

std::string vigilCacheFolder(const EnvironmentReader& environment)
{
    if (const std::string cache = environment("XDG_CACHE_HOME"); !cache.empty() && cache[0] == '/')
        return cache + "/vigil";
    const std::string home = environment("HOME");
    return (!home.empty() && home[0] == '/' ? home : std::string("/tmp")) + "/.cache/vigil";
}

std::string vigilCacheFolder()
{
    return vigilCacheFolder([](const char* name) {
        const char* value = std::getenv(name);
        return value != nullptr ? std::string(value) : std::string();
    });
}

} // namespace vigil
