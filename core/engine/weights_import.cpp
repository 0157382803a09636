#include "core/engine/weights_import.h"

#include "core/common/error.h"

#include <filesystem>

namespace vigil::engine {

std::string importWeights(models_store::ModelStore& store, const std::string& file,
    const models_store::ModelEntry& entry, const NetworkLoader& loader)
{
    std::error_code error;
    if (!std::filesystem::is_regular_file(file, error))
        throw IoError(file + ": not a regular file");
    if (entry.kind == models_store::ModelKind::Classifier) {
        loader.loadClassifier(file);
    } else if (entry.kind == models_store::ModelKind::Detector
        || entry.kind == models_store::ModelKind::DetectorDictionary) {
        const std::optional<DetectorKind> detector = fromString<DetectorKind>(entry.detector);
        if (!detector)
            throw ModelError(entry.name + ": the manifest names no known detector");
        // Either file alone is checked: S3R's weights and its dictionary are imported apart.
        if (entry.kind == models_store::ModelKind::Detector)
            loader.loadDetector(*detector, file, "");
        else
            loader.loadDetector(*detector, "", file);
    } else {
        const std::optional<BackboneKind> backbone = fromString<BackboneKind>(entry.backbone);
        if (!backbone)
            throw ModelError(entry.name + ": the manifest names no known backbone");
        loader.loadBackbone(*backbone, file, ComputeDevice::Cpu, Precision::Fp32);
    }
    return store.import(file, entry);
}

} // namespace vigil::engine
