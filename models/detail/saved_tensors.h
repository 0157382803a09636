#pragma once
// Private to models/: turns the pickle of a torch.save file into a state dict, whichever
// container holds the storages (the zip archive of torch >= 1.6, or the stream of torch < 1.6).
// Every tensor view is checked against its storage, and the memory all tensors take against the
// file size, before anything is copied. Throws vigil::ModelError naming the file.

#include "models/pickle_reader.h"
#include "models/state_dict_reader.h"

#include <functional>
#include <optional>
#include <string>

namespace vigil::models::detail {

// A storage as a tensor's persistent id names it: ('storage', torch.FloatStorage, key,
// location, element count), with a sixth item (view metadata, None) in files of torch < 1.6.
struct StorageId {
    std::string key;
    torch::ScalarType dtype = torch::kFloat;
    int64_t numel = 0;
};

// The storage behind `value`'s tensor (a _rebuild_tensor_v2 call, or a _rebuild_parameter
// around one); nullopt when `value` is no tensor. Throws for a malformed or unsupported id.
std::optional<StorageId> storageOfTensor(const PickleValue& value, const std::string& path);

// The dictionary of tensors: the top level, or a "state_dict"/"model" entry of a checkpoint.
const PickleContainer& tensorDictionary(const PickleValue& root, const std::string& path);

// Returns `id`'s elements as a flat, contiguous CPU tensor of id.dtype and id.numel elements,
// or throws ModelError when the file does not hold them. Called once per storage.
using StorageLoader = std::function<torch::Tensor(const StorageId& id)>;

// The tensors of the dictionary inside `root`, in file order, each owning its memory.
StateDict buildStateDict(
    const PickleValue& root, const std::string& path, uint64_t fileSize, const StorageLoader& load);

} // namespace vigil::models::detail
