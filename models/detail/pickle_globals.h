#pragma once
// Which globals a pickle may name: the whitelist that keeps a weights file from calling
// anything (readPickle records calls, never makes them). Private to models/pickle_reader.

#include "models/pickle_reader.h"

namespace vigil::models::detail {

// torch.FloatStorage and its siblings: what a state dict's persistent ids name.
bool isStorageType(const PickleGlobal& global);
bool isAllowed(const PickleGlobal& global, PickleGlobals allowed);

} // namespace vigil::models::detail
