#include "core/models_store/installed_weights.h"

#include "core/common/error.h"

namespace vigil::models_store {

std::optional<InstalledWeights> findInstalled(ModelStore& store, const ModelEntry& entry)
{
    // Measured: 3 ms for the 2.9 MB classifier; far less than loading it.
    const ModelStatus status
        = store.status(entry, entry.checksum.isPinned() ? HashCheck::File : HashCheck::CacheOrFile);
    if (status.state == InstallState::Missing)
        return std::nullopt;
    if (status.state == InstallState::Mismatch)
        throw ModelError(entry.name + ": installed file " + status.path + " is damaged ("
            + status.problem + "); run: vigil models fetch " + entry.name);
    return InstalledWeights { status.path, entry.name, status.sha256, entry.trainedOn,
        entry.checksum.isPinned() && status.state == InstallState::Verified };
}

std::optional<InstalledWeights> findDefaultClassifier(ModelStore& store)
{
    for (const ModelEntry& entry : store.manifest().entries()) {
        if (entry.kind != ModelKind::Classifier)
            continue;
        if (std::optional<InstalledWeights> installed = findInstalled(store, entry))
            return installed;
    }
    return std::nullopt;
}

std::optional<InstalledWeights> findDefaultBackbone(ModelStore& store, BackboneKind backbone)
{
    for (const ModelEntry& entry : store.manifest().entries()) {
        if (entry.kind != ModelKind::Backbone
            || fromString<BackboneKind>(entry.backbone) != backbone)
            continue;
        if (std::optional<InstalledWeights> installed = findInstalled(store, entry))
            return installed;
    }
    return std::nullopt;
}

} // namespace vigil::models_store
