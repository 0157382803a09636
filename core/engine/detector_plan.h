#pragma once
// --detectors in words and in weights: which whole-video detectors a run scores beside the
// attention classifier, and the weights each uses (installed ones first, demo weights only where
// --demo-weights allows them). Iterates over every DetectorKind, so a detector added to
// core/common/settings.h and the manifest is offered here without a change. Any thread; reads
// the models folder through the store it is given.

#include "core/engine/weights_plan.h"
#include "core/models_store/model_store.h"

#include <functional>
#include <string>
#include <vector>

namespace vigil::engine {

// The word of the attention classifier in --detectors, and of every detector together.
inline constexpr const char* kAttentionWord = "attention";
inline constexpr const char* kAllDetectorsWord = "all";

// `all`: every detector that reads the features Vigil extracts (analysis::kExtractedFeatures),
// in the table's order. The detectors of other features (Inception-I3D's) are named one by one.
std::vector<DetectorKind> allDetectorKinds();
std::string detectorWords(); // "attention, rtfm, ..., all": every detector, for help and messages

// Parses "attention,rtfm" or "all" into `request`; returns the problem in one sentence (an
// unknown name, an empty list, a list without the classifier) or empty.
std::string parseDetectorList(const std::string& text, DetectorRequest& request);

// The detectors of a request: the weights of each that has them, in analysis::isBeforeDetector's
// order, and the ones named that have none where demo weights are not allowed (a value, so that
// a front end can name every missing network at once). `all` names none missing: it is every
// detector installed.
struct DetectorResolution {
    std::vector<DetectorChoice> choices;
    std::vector<DetectorKind> missing;
};

// Throws Error for a detector that cannot run for another reason (S3R's weights installed
// without their dictionary). `store` is called only when a detector is asked.
DetectorResolution resolveDetectors(const DetectorRequest& request, DemoWeights demo,
    const std::function<models_store::ModelStore&()>& store);

// Why `kind` cannot run without weights, and how to install them, in one sentence.
std::string missingDetectorText(const models_store::ModelStore& store, DetectorKind kind);

} // namespace vigil::engine
