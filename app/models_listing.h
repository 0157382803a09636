#pragma once
// What `vigil models list` and `vigil models path` print, from the models folder and the manifest
// alone (no LibTorch, no download). Main thread only; results are exit codes from exit_codes.h.

#include "core/models_store/model_store.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vigil::app {

// "12 kB", "44.6 MB"; "?" for a negative size.
std::string formatBytes(int64_t bytes);

// Manifest entries by name; all of them when no name is given. nullopt after printing an
// unknown name.
std::optional<std::vector<const models_store::ModelEntry*>> entriesNamed(
    const models_store::ModelManifest& manifest, const std::vector<std::string>& names);

// The folder, then each entry's state, size and file (hashes from the cache only).
int listModels(models_store::ModelStore& store);

// The models folder, or the file of each named entry.
int printPaths(models_store::ModelStore& store,
    const std::vector<const models_store::ModelEntry*>& entries, bool isNamed);

} // namespace vigil::app
