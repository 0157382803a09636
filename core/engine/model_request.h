#pragma once
// What a run asks of the networks, as a front end parsed it (CLI11 options, the GUI's
// QSettings): typed, with the user's words for the weights not yet resolved. Plain values.

#include "core/common/defaults.h"
#include "core/common/settings.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::engine {

// --demo-weights: seeded random weights for each network that has none. Never replaces weights
// that were named or are installed. TrainedDemo: the demo's networks (core/demo), whatever is
// installed: the seeded backbone, whose features the demo's classifier was trained on, and the
// classifier file named, marked Provenance::DemoTrained.
enum class DemoWeights { Refuse, FillMissing, TrainedDemo };

// What a command runs: `features` needs no classifier, `score` and `explain` no backbone.
enum class NeededNetworks { BackboneAndClassifier, BackboneOnly, ClassifierOnly };

// --detectors: the whole-video detectors scored beside the attention classifier (whose scores
// are the result's frame scores and events). isAll: every detector whose weights are
// installed, or every one with demo weights allowed (core/engine/detector_plan.h).
// withAttention is false only for detectors that read features the classifier cannot (UR-DMU's
// and PEL4VAD's Inception-I3D features): they then score those features alone.
struct DetectorRequest {
    bool isAll = false;
    std::vector<DetectorKind> kinds; // named ones, in the order given, each once
    bool withAttention = true;
};

struct ModelRequest {
    BackboneKind backbone = defaults::kBackbone;
    CropMode crops = defaults::kCrops;
    PreprocessPreset preset = defaults::kPreset; // i3d-r50 only
    ComputeDevice device = defaults::kDevice; // where the backbone runs
    Precision precision = defaults::kPrecision; // the backbone's arithmetic
    int threads
        = static_cast<int>(defaults::kThreads); // intra-op threads of the networks; 0: all cores
    int64_t frameStep = defaults::kFrameStep; // resnet50: every Nth frame is a step
    std::string backboneWeights; // a file; empty: the installed published backbone
    std::string classifier; // a file or a published name; empty: the installed default
    DemoWeights demo = DemoWeights::Refuse;
    NeededNetworks needs = NeededNetworks::BackboneAndClassifier;
    DetectorRequest detectors; // none unless asked; not loaded when no classifier is needed

    bool needsBackbone() const { return needs != NeededNetworks::ClassifierOnly; }
    bool needsClassifier() const { return needs != NeededNetworks::BackboneOnly; }
};

} // namespace vigil::engine
