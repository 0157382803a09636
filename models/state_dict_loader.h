#pragma once
// Copies a state dict into a module's parameters and buffers, checking every tensor's name,
// shape and values first (torch::load alone would adopt a wrong shape silently; a NaN or
// infinite weight would poison every score), so a failed load leaves the module untouched.
// Throws vigil::ModelError naming the source and the tensor. Call it from the thread that owns
// the module, before the module is shared.

#include "models/state_dict_reader.h"

#include <torch/nn/module.h>

#include <string>
#include <vector>

namespace vigil::models {

struct LoadReport {
    std::vector<std::string> ignoredKeys; // in the dict but not in the module, in file order
};

// Every named_parameters() and named_buffers() entry of `module` must be in `dict` with the
// same shape; values are converted to the module tensor's dtype and device. `source` opens
// error messages, e.g. "model.pth: missing tensor 'fc1.weight'".
// The dict with `prefix` taken off every key when every key has it, e.g. the "module." that
// nn.DataParallel's state dicts carry; otherwise the dict unchanged.
StateDict withoutPrefix(StateDict dict, const std::string& prefix);

// BatchNorm's num_batches_tracked is missing from state dicts saved before PyTorch 0.4.1 (both
// published Inception-I3D files) and from RTFM's i3d_r50_kinetics.pth, which copies only
// Caffe2's blobs. PyTorch's own loader keeps the module's value for such files; inference never
// reads it, so the dict gets the network's own value for each one it lacks.
StateDict withBatchCounts(const torch::nn::Module& network, StateDict dict);

LoadReport loadStateDict(
    torch::nn::Module& module, const StateDict& dict, const std::string& source);

// The same for a dict the caller gives up: a tensor that already has the module tensor's dtype,
// device and contiguous layout becomes the module's, instead of being copied (a backbone's
// ~110 MB are then not copied a second time, nor their pages faulted in twice).
LoadReport loadStateDict(torch::nn::Module& module, StateDict&& dict, const std::string& source);

} // namespace vigil::models
