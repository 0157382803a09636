#pragma once
// Where installed weights live and where they are downloaded from, as the environment says:
// VIGIL_MODELS_DIR, else $XDG_DATA_HOME/vigil/models, else ~/.local/share/vigil/models; and
// VIGIL_MODELS_MIRROR (a URL whose <file name> children replace every entry's home URL).
// Reads the environment only; creates nothing. Throws vigil::IoError when no folder can be named.

#include <string>

namespace vigil::models_store {

std::string modelsFolderFromEnvironment();
std::string mirrorFromEnvironment(); // empty when unset

} // namespace vigil::models_store
