#pragma once
// Writes a state dict as torch.save(module.state_dict(), path) of PyTorch 1.13 does: a zip
// archive "<stem>/data.pkl" (an OrderedDict of torch._utils._rebuild_tensor_v2 calls, pickle
// protocol 2), one storage per tensor in "<stem>/data/<i>", and "<stem>/version" ("3"), written
// by LibTorch's own PyTorchStreamWriter. Python's torch.load and Vigil's readStateDict read it.
// The file appears atomically (a temporary folder beside it, then a rename). Float, double and
// int64 tensors; any thread. Throws vigil::IoError naming the path.

#include "models/state_dict_reader.h"

#include <string>

namespace vigil::models {

void writeStateDict(const std::string& path, const StateDict& dict);

} // namespace vigil::models
