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

namespace vigil::formats {

struct FeatureSidecar {
    analysis::ModelDescription model; // backbone, crops and backbone weights (no classifier)
    int64_t framesPerStep = defaults::kSnippetFrames;
    int64_t frames = 0;
    double fps = 0.0; // 0 when the video did not say
    std::string videoPath;
};

std::string sidecarPathFor(const std::string& npyPath); // clip.npy -> clip.json
void writeFeatureSidecar(const std::string& path, const FeatureSidecar& sidecar); // atomic
// The sidecar's format word and version; readers refuse a higher version.
constexpr const char* kFeatureSidecarFormat = "vigil-features";
constexpr int kFeatureSidecarVersion = 1;

// The sidecar of the features read from npyPath (sidecarPathFor(npyPath)), the one way to read
// one: nullopt when there is none; IoError when there is one that is not Vigil's, naming the
// field: a setting word it does not know, snippet_frames beyond its bounds, fps negative or
// above 1000 (0: the video did not say), a sha256 that is not 64 lowercase hex digits, a control
// character in a name, sha256 or provenance; or one that disagrees with the features:
// video.frames must fit the steps ((steps - 1) x snippet_frames + 1 up to
// (steps + 1) x snippet_frames; 0 when unknown).
std::optional<FeatureSidecar> readFeatureSidecarFor(
    const std::string& npyPath, const FloatArray& features);

// Features from a .npy as [steps, crops, F]: [T, F] is one crop. Refuses other ranks, and
// values that are NaN or infinite (naming the first bad step), before anything is scored.
FloatArray readFeatures(const std::string& npyPath);

} // namespace vigil::formats
