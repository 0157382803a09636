#pragma once
// Private to models/: the state dicts torch.save wrote before torch 1.6, a stream of five
// pickles (magic number, protocol version 1001, system info, the dictionary, the sorted storage
// keys) followed by each storage in key order as its element count (int64) and raw bytes.
// Throws vigil::ModelError naming the file and, for the pickles, the byte offset.

#include "core/files/regular_file.h"
#include "models/state_dict_reader.h"

namespace vigil::models::detail {

// `file` must start with the legacy magic number (readStateDict checks). Throws vigil::IoError
// when it cannot be read.
StateDict readLegacyStateDict(const files::RegularFile& file);

} // namespace vigil::models::detail
