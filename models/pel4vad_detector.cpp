#include "models/pel4vad_detector.h"

#include "core/analysis/detector_table.h"
#include "models/detector_loading.h"
#include "models/state_dict_loader.h"
#include "models/state_dict_reader.h"
#include "models/torch_video_detector.h"

namespace vigil::models {
namespace {

constexpr uint64_t kDemoPel4vadSeed = 2024;
constexpr int64_t kXdClassifierSteps = 3;

// UCF-Crime's settings unless the file's classifier has XD-Violence's 3-step kernel.
Pel4vadOptions optionsOf(const StateDict& dict)
{
    for (const auto& [key, tensor] : dict)
        if (key == "classifier.weight" && tensor.dim() == 3 && tensor.size(2) == kXdClassifierSteps)
            return pel4vadXdOptions();
    return {};
}

} // namespace

engine::LoadedDetector loadPel4vad(
    const std::string& weightsPath, const std::optional<Pel4vadOptions>& options)
{
    // Read once: the settings come off the dict that is then loaded.
    StateDict dict;
    if (!weightsPath.empty())
        dict = withoutPrefix(readStateDict(weightsPath), "module.");
    const Pel4vadOptions chosen = options ? *options : optionsOf(dict);
    seedIfDemo(weightsPath, kDemoPel4vadSeed);
    Pel4vad network(chosen);
    engine::LoadedDetector loaded = weightsPath.empty()
        ? loadDetectorWeights(*network, weightsPath)
        : loadDetectorWeights(*network, weightsPath, std::move(dict));
    loaded.detector = std::make_shared<TorchVideoDetector<Pel4vad>>(
        network, std::string(analysis::detectorRow(DetectorKind::Pel4vad).name));
    return loaded;
}

} // namespace vigil::models
