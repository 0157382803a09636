#include "core/models_store/model_locations.h"

#include "core/common/error.h"

#include <cstdlib>
#include <pwd.h>
#include <unistd.h>

namespace vigil::models_store {
namespace {

std::string environment(const char* name)
{
    const char* value = std::getenv(name);
    return value == nullptr ? std::string() : std::string(value);
}

// $HOME may be unset under service managers; the password database still knows the home.
std::string homeFolder()
{
    std::string home = environment("HOME");
    if (home.empty()) {
        if (const passwd* entry = ::getpwuid(::getuid());
            entry != nullptr && entry->pw_dir != nullptr)
            home = entry->pw_dir;
    }
    return home;
}

} // namespace

std::string modelsFolderFromEnvironment()
{
    if (std::string folder = environment("VIGIL_MODELS_DIR"); !folder.empty())
        return folder;
    // The XDG spec says to ignore a relative XDG_DATA_HOME.
    if (std::string data = environment("XDG_DATA_HOME"); !data.empty() && data.front() == '/')
        return data + "/vigil/models";
    const std::string home = homeFolder();
    if (home.empty())
        throw IoError("models folder: neither VIGIL_MODELS_DIR, XDG_DATA_HOME nor HOME is set");
    return home + "/.local/share/vigil/models";
}

std::string mirrorFromEnvironment()
{
    return environment("VIGIL_MODELS_MIRROR");
}

} // namespace vigil::models_store
