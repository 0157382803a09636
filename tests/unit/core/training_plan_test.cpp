#include "core/common/error.h"
#include "core/files/npy_file.h"
#include "core/formats/feature_sidecar.h"
#include "core/train/training_plan.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

namespace vigil::train {
namespace {

TEST(TrainingPlan, RunsEveryShapeWithEverySeedOnEveryFold)
{
    const std::vector<PlannedRun> plan = planRuns({ { 64, 3 }, { 128, 7 } }, { 1, 2 }, 3);
    ASSERT_EQ(plan.size(), 12u);
    EXPECT_EQ(plan[0].fold, 0);
    EXPECT_EQ(plan[11].shape.hiddenSize, 128);
    EXPECT_EQ(plan[11].seed, 2u);
    EXPECT_EQ(plan[11].fold, 2);
    EXPECT_EQ(planRuns({ { 64, 3 } }, { 7 }, 0).front().fold, -1);
}

TEST(TrainingPlan, NamesEachRunsWeightsBesideTheOutput)
{
    const PlannedRun run { { 64, 3 }, 9111, 2 };
    EXPECT_EQ(modelPathFor("out/model.pth", run, true), "out/model.pth");
    EXPECT_EQ(modelPathFor("out/model.pth", run, false), "out/model-da64-r3-seed9111-fold2.pth");
}

TEST(TrainingPlan, TakesTheBackboneFromTheFeaturesSidecars)
{
    const std::string dir = test::scratchDir("training_plan_sidecar");
    formats::FeatureSidecar sidecar;
    sidecar.model.backbone = BackboneKind::ResNet50;
    for (const char* name : { "a", "b", "c" })
        files::writeNpy(dir + "/" + name + ".npy", FloatArray::zeros({ 40, 1, 8 }));
    formats::writeFeatureSidecar(dir + "/a.json", sidecar);
    formats::writeFeatureSidecar(dir + "/b.json", sidecar);
    const auto load = [&](const std::vector<LabelledVideo>& videos) {
        return loadSamples(videos, CancellationToken());
    };
    std::vector<LabelledVideo> videos { { dir + "/a.npy", 0 }, { dir + "/b.npy", 1 } };
    EXPECT_EQ(trainedOnBackbone(load(videos)), "resnet50");
    sidecar.model.backbone = BackboneKind::I3dResNet50;
    formats::writeFeatureSidecar(dir + "/b.json", sidecar);
    EXPECT_EQ(trainedOnBackbone(load(videos)), "mixed");
    videos.pop_back(); // a.npy alone, then one without a sidecar
    videos.push_back({ dir + "/c.npy", 1 });
    EXPECT_EQ(trainedOnBackbone(load(videos)), "unknown");
    // 21#10: a sidecar that disagrees with its .npy is refused, not taken for "unknown".
    sidecar.frames = 1000000;
    formats::writeFeatureSidecar(dir + "/c.json", sidecar);
    EXPECT_THROW(load(videos), IoError);
}

} // namespace
} // namespace vigil::train
