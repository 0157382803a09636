#pragma once
// RTFM behind core's VideoDetector, and its loading: a torch.save state dict (zip or legacy
// format, keys with or without nn.DataParallel's "module." prefix) checked tensor by tensor
// against the network, or seeded demo weights for an empty path. A file of another
// architecture is refused in one line naming its first missing or misshapen tensor. Loading
// happens on the caller's thread; the detector is then immutable and shared by every thread.

#include "core/engine/network_loader.h"
#include "models/rtfm.h"

#include <memory>
#include <string>

namespace vigil::models {

// Throws vigil::ModelError naming the file. options: the widths the file must have (tests use
// reduced ones; every published RTFM checkpoint has the defaults).
engine::LoadedDetector loadRtfm(const std::string& weightsPath, const RtfmOptions& options = {});

} // namespace vigil::models
