#pragma once
// Private to models/: the state dicts torch.save wrote before torch 1.6, a stream of five
// pickles (magic number, protocol version 1001, system info, the dictionary, the sorted storage
// keys) followed by each storage in key order as its element count (int64) and raw bytes.
// Throws vigil::ModelError naming the file and, for the pickles, the byte offset.

#include "models/state_dict_reader.h"

#include <cstdint>
#include <string>

namespace vigil::models::detail {

// `path` must start with the legacy magic number (readStateDict checks); fileSizeBytes is its size.
StateDict readLegacyStateDict(const std::string& path, uint64_t fileSizeBytes);

} // namespace vigil::models::detail
