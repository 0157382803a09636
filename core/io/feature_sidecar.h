#pragma once
// The JSON that `vigil features` writes beside each <name>.npy (<name>.json): which networks and
// preset made the features, how many frames one step stands for, and the video's frame rate, so
// `vigil score` can give every frame its time and say what the features were. Also the one
// place that turns a .npy of features into [steps, crops, F]. Throws IoError naming the file.

#include "core/analysis/analysis_result.h"
#include "core/common/defaults.h"
#include "core/common/float_array.h"

#include <optional>
#include <string>

namespace vigil::io {

struct FeatureSidecar {
    analysis::ModelDescription model; // backbone, crops and backbone weights (no classifier)
    int64_t framesPerStep = defaults::kSnippetFrames;
    int64_t frames = 0;
    double fps = 0.0; // 0 when the video did not say
    std::string videoPath;
};

std::string sidecarPathFor(const std::string& npyPath); // clip.npy -> clip.json
void writeFeatureSidecar(const std::string& path, const FeatureSidecar& sidecar); // atomic
// nullopt when there is no sidecar; IoError when there is one that is not Vigil's.
std::optional<FeatureSidecar> readFeatureSidecar(const std::string& path);

// Features from a .npy as [steps, crops, F]: [T, F] is one crop. Refuses other ranks, and
// values that are NaN or infinite (naming the first bad step), before anything is scored.
FloatArray readFeatures(const std::string& npyPath);

} // namespace vigil::io
