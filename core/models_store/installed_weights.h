#pragma once
// Which installed weights analyze and score may use: a manifest entry's file once it is
// installed and matches its checksum, or the default for a kind of network. Same thread and
// error contract as ModelStore; a file that fails its checksum is a vigil::ModelError telling
// how to get it again.

#include "core/common/settings.h"
#include "core/models_store/model_store.h"

#include <optional>
#include <string>

namespace vigil::models_store {

struct InstalledWeights {
    std::string path;
    std::string name; // the manifest entry's name
    std::string sha256;
    std::string trainedOn; // classifiers: the backbone of their training features
    // The manifest pins the file's full SHA-256 and the file, hashed now, matches it: only then
    // are the weights "published"; otherwise "imported".
    bool isPinned = false;
};

// nullopt when the entry's file is not installed. A pinned entry's file is hashed again on every
// call (a few MB; a checksum cache entry could be forged), any other's hash may come from the
// cache.
std::optional<InstalledWeights> findInstalled(ModelStore& store, const ModelEntry& entry);
// The first installed classifier in manifest order (classifier-da64-r3 comes first).
std::optional<InstalledWeights> findDefaultClassifier(ModelStore& store);
// The first installed weights for the backbone network.
std::optional<InstalledWeights> findDefaultBackbone(ModelStore& store, BackboneKind backbone);

} // namespace vigil::models_store
