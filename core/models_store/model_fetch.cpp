#include "core/models_store/model_fetch.h"

#include "core/common/error.h"

#include <filesystem>

namespace vigil::models_store {

FetchOutcome fetchModel(ModelStore& store, const Downloader& downloader,
    const FetchRequest& request, const Downloader::ProgressCallback& onProgress,
    const CancellationToken& cancel)
{
    const ModelEntry& entry = *request.entry;
    // A file without a published checksum cannot be told from a damaged one; keep it as it is.
    const InstallState state = store.status(entry, HashCheck::CacheOrFile).state;
    if (state == InstallState::Verified || state == InstallState::Unverifiable)
        return FetchOutcome::AlreadyInstalled;
    if (!entry.isDirectDownload && request.mirror.empty())
        throw ModelError("no direct download: get the file from " + entry.url
            + ", then run `vigil models import FILE --as " + entry.name + "`");
    std::error_code error;
    std::filesystem::create_directories(store.folder(), error);
    if (error)
        throw IoError(store.folder() + ": cannot create the models folder: " + error.message());
    const DownloadResult result = downloader.fetch(downloadUrl(entry, request.mirror),
        store.pathOf(entry), entry.checksum, onProgress, cancel);
    store.rememberChecksum(entry, result.sha256);
    return FetchOutcome::Downloaded;
}

} // namespace vigil::models_store
