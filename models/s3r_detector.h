#pragma once
// S3R behind core's VideoDetector, and its loading (models/detector_loading.h): a torch.save
// state dict of S3R's network and, beside it, the dictionary of normal atoms that S3R's dataset
// loads (a .npy of [atoms, 2048] float32, e.g. its task-aware UCF-Crime dictionary). Empty
// paths mean seeded demo weights and a seeded demo dictionary. A file of another architecture
// is refused in one line naming its first missing or misshapen tensor. Loading happens on the
// caller's thread; the detector is then immutable and shared by every thread.

#include "core/engine/network_loader.h"
#include "models/s3r.h"

#include <memory>
#include <string>

namespace vigil::models {

// The atoms of a dictionary file, [atoms, featureSize]; throws vigil::ModelError naming the
// file when it is not a 2-D float array of that width. Empty path: the seeded demo dictionary.
torch::Tensor loadS3rDictionary(const std::string& dictionaryPath, int64_t featureSize);

// Throws vigil::ModelError naming the file. Both paths empty: demo weights and dictionary.
// One of them alone is only checked (vigil models import imports them apart): the result then
// has no detector, since S3R cannot score without both. options: the width the files must have
// (tests use reduced ones; S3R's files have 2048).
engine::LoadedDetector loadS3r(const std::string& weightsPath, const std::string& dictionaryPath,
    const S3rOptions& options = {});

} // namespace vigil::models
