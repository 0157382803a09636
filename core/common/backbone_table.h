#pragma once
// The one table of the feature backbones: a row per backbone holds everything the pipeline,
// the front ends and the profiles ask of it (what it takes, snippets of 16 frames or single
// frames; whether it has ten crops; its presets; its cost per input; its features' width and
// the detectors' name for them; whether live watching can run it; its weights' manifest name),
// as torchvision's weights enums and mmaction2's registry keep them. A new backbone is a row
// here, its network and loader row in models/, and its tests. Pure data; any thread.

#include "core/common/settings.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vigil {

struct BackboneRow {
    BackboneKind kind;
    std::string_view name; // as papers write it: "I3D-ResNet-50"
    bool takesSnippets; // 16-frame snippets; else single frames (every --frame-step-th)
    bool hasTenCrops; // --crops ten is its own; else one centre crop whatever was asked
    // Its --preprocess presets, the first its default; empty: one fixed transform of its own.
    std::vector<PreprocessPreset> presets;
    std::string_view transform; // what it does without presets ("torchvision's ImageNet transform")
    // Sum over every convolution of 2 x output elements x input channels x kernel volume per
    // network input (a snippet's crop, or a frame), pooling and ReLU not counted.
    double gflopPerInput;
    int64_t featureWidth;
    std::string_view features; // the detectors' word for its features (detector_table.h)
    bool canWatch; // live sessions need snippets of their own: the I3D backbones
    std::string_view weights; // the manifest entry of its published weights
    bool feedsClassifier; // the attention classifier can read its features (2048-d)
};

const std::vector<BackboneRow>& backboneTable();
const BackboneRow& backboneRow(BackboneKind kind);

// What a backbone's features stand for: the crops it can give, whatever was asked.
CropMode effectiveCrops(BackboneKind backbone, CropMode requested);

// Why a preset cannot be used with a backbone, or empty.
std::string presetProblem(BackboneKind backbone, PreprocessPreset preset);

// The preset of a run that names none: the backbone's first (defaults::kPreset without any).
PreprocessPreset defaultPresetOf(BackboneKind backbone);

} // namespace vigil
