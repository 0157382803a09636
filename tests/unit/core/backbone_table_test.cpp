// The backbone table (core/common/backbone_table.h): a row for every backbone word, and the
// rules read off it (crops, presets, cost) that were ternaries on the kind before.

#include "core/analysis/pipeline_profile.h"
#include "core/common/backbone_table.h"
#include "core/common/defaults.h"

#include <gtest/gtest.h>

namespace vigil {
namespace {

TEST(BackboneTable, HasARowForEveryBackboneWord)
{
    ASSERT_EQ(backboneTable().size(), detail::SettingWords<BackboneKind>::table.size());
    for (const BackboneRow& row : backboneTable()) {
        SCOPED_TRACE(toString(row.kind));
        EXPECT_EQ(&backboneRow(row.kind), &row);
        EXPECT_GT(row.gflopPerInput, 1.0);
        EXPECT_EQ(analysis::backboneGflopPerInput(row.kind), row.gflopPerInput);
        EXPECT_TRUE(row.presets.empty() != row.transform.empty()) << "presets or a transform";
        // Its default preset (or, without presets, the word every run has) is accepted.
        EXPECT_EQ(
            presetProblem(row.kind, row.presets.empty() ? defaults::kPreset : row.presets.front()),
            "");
    }
}

TEST(BackboneTable, ResNet50HasOneCropAndNoPresets)
{
    EXPECT_EQ(effectiveCrops(BackboneKind::ResNet50, CropMode::Ten), CropMode::Center);
    EXPECT_EQ(effectiveCrops(BackboneKind::I3dResNet50, CropMode::Ten), CropMode::Ten);
    EXPECT_EQ(presetProblem(BackboneKind::ResNet50, PreprocessPreset::Rtfm),
        "--preprocess rtfm applies to the i3d-r50 backbone only; resnet50 always uses "
        "torchvision's ImageNet transform");
    EXPECT_EQ(presetProblem(BackboneKind::I3dResNet50, PreprocessPreset::Rtfm), "");
}

} // namespace
} // namespace vigil
