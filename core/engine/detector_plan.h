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

std::vector<DetectorKind> allDetectorKinds(); // in settings.h's order
std::string detectorWords(); // "attention, rtfm, all" for help and messages

// Parses "attention,rtfm" or "all" into `request`; returns the problem in one sentence (an
// unknown name, an empty list, a list without the classifier) or empty.
std::string parseDetectorList(const std::string& text, DetectorRequest& request);

// The weights of each detector asked for, in analysis::isBeforeDetector's order. Throws Error
// naming a detector that has no weights installed where demo weights are not allowed. `store` is
// called only when a detector is asked.
std::vector<DetectorChoice> resolveDetectors(const DetectorRequest& request, DemoWeights demo,
    const std::function<models_store::ModelStore&()>& store);

} // namespace vigil::engine
