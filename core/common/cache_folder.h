#pragma once
// Vigil's folder in the user's cache: $XDG_CACHE_HOME/vigil, else ~/.cache/vigil, else
// /tmp/.cache/vigil without a HOME. The XDG spec says to ignore a relative XDG_CACHE_HOME (and a
// relative HOME is no better). One rule for the calibration, the checksum cache, the demo and
// the desktop app's kept results. Pure function of the environment; any thread.

#include <functional>
#include <string>

namespace vigil {

using EnvironmentReader = std::function<std::string(const char* name)>; // "" when unset

std::string vigilCacheFolder(const EnvironmentReader& environment);
std::string vigilCacheFolder(); // from the process environment

} // namespace vigil
