#include "models/s3r_detector.h"

#include "core/analysis/detector_table.h"
#include "core/common/error.h"
#include "core/files/npy_file.h"
#include "models/detector_loading.h"
#include "models/torch_adapters.h"
#include "models/torch_video_detector.h"

#include <cmath>

namespace vigil::models {
namespace {

// Fixed, so demo scores are the same from run to run on one LibTorch build.
constexpr uint64_t kDemoS3rSeed = 2022;
// The demo dictionary's atoms: enough for the attention over them to spread.
constexpr int64_t kDemoAtoms = 64;

} // namespace

torch::Tensor loadS3rDictionary(const std::string& dictionaryPath, int64_t featureSize)
{
    if (dictionaryPath.empty())
        return torch::randn({ kDemoAtoms, featureSize });
    FloatArray atoms;
    try {
        atoms = files::readNpy(dictionaryPath);
    } catch (const Error& error) {
        throw ModelError(dictionaryPath + ": not an S3R dictionary (" + error.what() + ")");
    }
    if (atoms.rank() != 2 || atoms.dim(0) < 1 || atoms.dim(1) != featureSize)
        throw ModelError(dictionaryPath + ": an S3R dictionary is [atoms, "
            + std::to_string(featureSize) + "], this one is " + atoms.shapeText());
    for (const float value : atoms.values)
        if (!std::isfinite(value))
            throw ModelError(dictionaryPath + ": the dictionary holds a NaN or infinite value");
    return toTensor(atoms).clone(); // its own storage: `atoms` dies here
}

engine::LoadedDetector loadS3r(
    const std::string& weightsPath, const std::string& dictionaryPath, const S3rOptions& options)
{
    const bool isChecking = weightsPath.empty() != dictionaryPath.empty();
    if (isChecking && weightsPath.empty()) {
        loadS3rDictionary(dictionaryPath, options.featureSize);
        return {};
    }
    seedIfDemo(weightsPath, kDemoS3rSeed);
    // Weights alone are checked against the network, which needs some dictionary to exist.
    S3r network(options,
        isChecking ? torch::zeros({ 1, options.featureSize })
                   : loadS3rDictionary(dictionaryPath, options.featureSize));
    engine::LoadedDetector loaded = loadDetectorWeights(*network, weightsPath, s3rUnusedPrefixes());
    if (!isChecking)
        loaded.detector = std::make_shared<TorchVideoDetector<S3r>>(
            network, std::string(analysis::detectorRow(DetectorKind::S3r).name));
    return loaded;
}

} // namespace vigil::models
