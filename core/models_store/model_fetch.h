#pragma once
// Installs one manifest entry by downloading it: skips a file that is already installed and
// verified, downloads from the mirror when one is set, and records the new file's checksum in
// the store. Same thread and error contract as Downloader::fetch().

#include "core/models_store/downloader.h"
#include "core/models_store/model_store.h"

#include <string>

namespace vigil::models_store {

enum class FetchOutcome { Downloaded, AlreadyInstalled };

struct FetchRequest {
    const ModelEntry* entry = nullptr;
    std::string mirror; // empty: the entry's home URL
};

FetchOutcome fetchModel(ModelStore& store, const Downloader& downloader,
    const FetchRequest& request, const Downloader::ProgressCallback& onProgress,
    const CancellationToken& cancel);

} // namespace vigil::models_store
