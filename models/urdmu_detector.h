#pragma once
// UR-DMU behind core's VideoDetector, and its loading: the released state dicts (torch.save zip
// files saved from CUDA models; their storages' "cuda:0" is not read, so they load as they are)
// checked tensor by tensor against the network, or seeded demo weights for an empty path. The
// UCF-Crime and XD-Violence files share one network: ucf_test.py runs each crop alone and
// xd_test.py the crops as a batch, and nothing in the network mixes crops, so both are the mean
// over crops of one batched pass. Reads 1024-d Inception-I3D features. Caller's thread.

#include "core/engine/network_loader.h"
#include "models/urdmu.h"

#include <string>

namespace vigil::models {

// Throws vigil::ModelError naming the file. options: the widths the file must have (tests use
// reduced ones; both released checkpoints have the defaults).
engine::LoadedDetector loadUrdmu(const std::string& weightsPath, const UrdmuOptions& options = {});

} // namespace vigil::models
