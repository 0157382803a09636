#pragma once
// Reads the tensors of a PyTorch state dict written by torch.save without Python: the zip
// format of torch >= 1.6, or the stream format of older versions (e.g. RTFM's
// i3d_r50_kinetics.pth). The pickle is interpreted by readPickle, never executed, and every
// tensor is checked against its storage and the file size before it is built.
// Tensors come back on the CPU, contiguous, owning their memory, in the dtype they were saved
// in and in file order. Throws vigil::ModelError naming the file. Any thread may call it.

#include <torch/types.h>

#include <string>
#include <utility>
#include <vector>

namespace vigil::models {

using StateDict = std::vector<std::pair<std::string, torch::Tensor>>;

// Accepts a dictionary of tensors at the top level (OrderedDict or dict), or one wrapped as
// {"state_dict": {...}} or {"model": {...}} when the top level holds no tensors itself.
StateDict readStateDict(const std::string& path);

} // namespace vigil::models
