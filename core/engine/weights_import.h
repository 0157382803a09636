#pragma once
// The one way weights are imported, for `vigil models import`, the models dialog and the
// missing-weights dialog alike: the file is read as the network its manifest entry names (a
// checksum cannot vouch for entries without one, and a wrong file is better refused now than in
// the middle of an analysis), then copied in by the store, which checks the checksum where the
// manifest has one. Throws ModelError or IoError naming the file; any thread.

#include "core/engine/network_loader.h"
#include "core/models_store/model_store.h"

#include <string>

namespace vigil::engine {

// Returns the installed path.
std::string importWeights(models_store::ModelStore& store, const std::string& file,
    const models_store::ModelEntry& entry, const NetworkLoader& loader);

} // namespace vigil::engine
