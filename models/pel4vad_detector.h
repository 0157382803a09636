#pragma once
// PEL4VAD behind core's VideoDetector, and its loading: the released state dicts (torch.save zip
// files saved from CUDA models; their "cuda:0" is not read) checked tensor by tensor against the
// network, or seeded demo weights (UCF-Crime's settings) for an empty path. The two released
// files differ in settings the file does not all hold (configs.py: UCF-Crime normalises over
// time and smooths over 7 steps, XD-Violence does neither and averages blocks of 8): the width
// of the causal classifier's kernel, 9 in UCF-Crime's and 3 in XD-Violence's, says which
// settings a file was trained under. Reads 1024-d Inception-I3D features. Caller's thread.

#include "core/engine/network_loader.h"
#include "models/pel4vad.h"

#include <optional>
#include <string>

namespace vigil::models {

// Throws vigil::ModelError naming the file. options: the settings the file must have; nullopt:
// UCF-Crime's or XD-Violence's, as its classifier's kernel says.
engine::LoadedDetector loadPel4vad(
    const std::string& weightsPath, const std::optional<Pel4vadOptions>& options = std::nullopt);

} // namespace vigil::models
