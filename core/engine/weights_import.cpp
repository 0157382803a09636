#include "core/engine/weights_import.h"

#include "core/analysis/video_detector.h"
#include "core/common/error.h"

#include <cmath>
#include <cstdint>

#include <filesystem>

namespace vigil::engine {
namespace {

// Scores seeded features ([10 crops, 32 steps, F], values in [0, 1) like ReLU outputs) with the
// detector: a checkpoint that loads but gives NaN (a negative BatchNorm variance, an Inf weight)
// would otherwise fail every later analysis with a message naming no file.
void probeFiniteScores(
    const analysis::VideoDetector& detector, const std::string& file, const std::string& name)
{
    FloatArray features = FloatArray::zeros({ 10, 32, detector.featureSize() });
    uint32_t state = 12345;
    for (float& value : features.values) {
        state = state * 1664525u + 1013904223u;
        value = static_cast<float>(state >> 8) / static_cast<float>(1u << 24);
    }
    analysis::VideoScores scores;
    try {
        scores = detector.score(features);
    } catch (const ModelError& error) {
        throw ModelError(file + ": " + name + " cannot score seeded features: " + error.what());
    }
    for (float score : scores.scores)
        if (!std::isfinite(score))
            throw ModelError(file + ": " + name + " gives the score " + std::to_string(score)
                + " on seeded features; the checkpoint is damaged (a negative BatchNorm "
                  "variance or a non-finite weight), so it was not imported");
}

} // namespace

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
        if (entry.kind == models_store::ModelKind::Detector) {
            // S3R's weights alone are checked against its network, with no detector to run.
            const LoadedDetector loaded = loader.loadDetector(*detector, file, "");
            if (loaded.detector)
                probeFiniteScores(*loaded.detector, file, entry.name);
        } else
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
