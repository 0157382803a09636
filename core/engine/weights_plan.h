#pragma once
// Which weights a run uses, decided once for every front end: a file the user named, published
// weights by name or installed as the default, or seeded demo weights where --demo-weights
// allows them for a network that has none. The answer is a value (paths, names, provenance,
// warnings, the problem that stops the run); nothing is printed and no network is loaded.
// Any thread; reads the models folder ($VIGIL_MODELS_DIR or the default) when it needs to.

#include "core/engine/model_request.h"

#include <optional>
#include <string>
#include <vector>

namespace vigil::engine {

struct WeightsChoice {
    bool isMissing = false; // none named or installed, and demo weights were not allowed
    Provenance provenance = Provenance::Demo;
    std::string path; // File, Published and Imported
    std::string name; // Published and Imported: the manifest name
    std::string sha256; // Published: hashed from the file when it was chosen
    std::string trainedOn; // a published classifier: the backbone of its training features
};

struct DetectorChoice {
    DetectorKind kind = DetectorKind::Rtfm;
    WeightsChoice weights; // Demo: the detector's seeded demo weights
    std::string dictionaryPath; // S3R with installed weights: its installed dictionary
};

// The backbone of a family of features other than --backbone's, for the detectors that read
// them (UR-DMU's Inception-I3D features beside the classifier's I3D-ResNet-50 ones): extracted
// once more from the same video, with that backbone's default preset.
struct OtherBackbone {
    BackboneKind kind = defaults::kBackbone;
    WeightsChoice weights;
};

struct WeightsPlan {
    std::optional<WeightsChoice> backbone; // nullopt when the run needs no backbone
    std::vector<OtherBackbone> otherBackbones; // analyze with detectors of other features
    std::optional<WeightsChoice> classifier; // nullopt when the run needs no classifier
    std::vector<DetectorChoice> detectors; // --detectors, resolved; none missing
    std::vector<DetectorKind> missingDetectors; // named, with no weights and no demo allowed
    std::vector<std::string> warnings; // for stderr and every result
    std::string problem; // why the run cannot start (a name not installed, weights missing)

    bool canRun() const { return problem.empty(); }
    bool isMissingAny() const;
    bool isMissingOtherBackbone() const;
};

WeightsPlan resolveWeights(const ModelRequest& request);

// What is missing, in words, every network of it: "the attention classifier", "the i3d-r50
// backbone and the rtfm detector", "the attention classifier, the i3d-r50 backbone and the rtfm
// and mgfn detectors".
std::string missingNetworksText(const WeightsPlan& plan, BackboneKind backbone);

} // namespace vigil::engine
