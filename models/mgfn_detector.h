#pragma once
// MGFN behind core's VideoDetector, and its loading: a torch.save state dict (zip or legacy
// format, keys with or without nn.DataParallel's "module." prefix) checked tensor by tensor
// against the network, or seeded demo weights for an empty path. A file of another
// architecture is refused in one line naming its first missing or misshapen tensor. Loading
// happens on the caller's thread; the detector is then immutable and shared by every thread.
// It takes the backbone's 2048 features per step and adds MGFN's magnitude channel itself.

#include "core/engine/network_loader.h"
#include "models/mgfn.h"

#include <memory>
#include <string>

namespace vigil::models {

// Throws vigil::ModelError naming the file. options: the widths the file must have (tests use
// reduced ones; the published MGFN checkpoint has the defaults).
engine::LoadedDetector loadMgfn(const std::string& weightsPath, const MgfnOptions& options = {});

} // namespace vigil::models
