#include "core/common/backbone_table.h"

#include "core/common/defaults.h"
#include "core/common/error.h"

#include <algorithm>

namespace vigil {

const std::vector<BackboneRow>& backboneTable()
{
    // GFLOPs: PROTOCOL.md section 1's I3D-ResNet-50 at 16x224x224, torchvision's ResNet-50 at
    // 224x224, and pytorch-i3d's InceptionI3d at 16x224x224 (counted with forward hooks on
    // scripts/make_i3d_inception_goldens.py's network, logits left out).
    static const std::vector<BackboneRow> table {
        { BackboneKind::I3dResNet50, "I3D-ResNet-50", true, true,
            { PreprocessPreset::I3dResnetExtractor, PreprocessPreset::Rtfm }, "", 32.829145088,
            2048, "i3d-r50", true, "i3d-r50-kinetics", true },
        { BackboneKind::ResNet50, "ResNet-50", false, false, {}, "torchvision's ImageNet transform",
            8.174272512, 2048, "i3d-r50", false, "resnet50-imagenet", true },
        // Live needs a classifier of its features, which the paper has not: not watched yet.
        { BackboneKind::I3dInception, "Inception-I3D", true, true,
            { PreprocessPreset::Urdmu, PreprocessPreset::UrdmuJpeg }, "", 55.575138304, 1024,
            "i3d-inception", false, "i3d-inception-kinetics", false },
    };
    return table;
}

const BackboneRow& backboneRow(BackboneKind kind)
{
    for (const BackboneRow& row : backboneTable())
        if (row.kind == kind)
            return row;
    throw Error("a backbone without a row in core/common/backbone_table.cpp");
}

CropMode effectiveCrops(BackboneKind backbone, CropMode requested)
{
    return backboneRow(backbone).hasTenCrops ? requested : CropMode::Center;
}

std::string presetProblem(BackboneKind backbone, PreprocessPreset preset)
{
    const BackboneRow& row = backboneRow(backbone);
    const bool fits = row.presets.empty()
        ? preset == defaults::kPreset // the word every run has when none was given
        : std::find(row.presets.begin(), row.presets.end(), preset) != row.presets.end();
    if (fits)
        return {};
    std::string owners;
    for (const BackboneRow& other : backboneTable())
        if (std::find(other.presets.begin(), other.presets.end(), preset) != other.presets.end())
            owners += (owners.empty() ? "" : " or ") + toString(other.kind);
    const std::string rest = row.presets.empty()
        ? toString(backbone) + " always uses " + std::string(row.transform)
        : toString(backbone) + " takes " + toString(row.presets.front());
    return "--preprocess " + toString(preset) + " applies to the " + owners + " backbone only; "
        + rest;
}

PreprocessPreset defaultPresetOf(BackboneKind backbone)
{
    const BackboneRow& row = backboneRow(backbone);
    return row.presets.empty() ? defaults::kPreset : row.presets.front();
}

} // namespace vigil
