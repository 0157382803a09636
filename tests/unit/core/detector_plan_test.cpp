// --detectors in words and in weights (core/engine/detector_plan.h): the list's words, and which
// weights each detector gets from a models folder, with and without --demo-weights.

#include "core/common/error.h"
#include "core/engine/detector_plan.h"
#include "core/engine/weights_plan.h"
#include "core/models_store/model_manifest.h"
#include "tests/support/scoped_environment.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>

namespace vigil::engine {
namespace {

TEST(DetectorList, ReadsTheClassifierAndEveryDetectorByItsWord)
{
    DetectorRequest request;
    EXPECT_EQ(parseDetectorList("attention", request), "");
    EXPECT_TRUE(request.kinds.empty());
    EXPECT_FALSE(request.isAll);
    EXPECT_EQ(parseDetectorList("attention, rtfm,rtfm", request), "");
    EXPECT_EQ(request.kinds, (std::vector<DetectorKind> { DetectorKind::Rtfm }));
    EXPECT_EQ(parseDetectorList("all", request), "");
    EXPECT_TRUE(request.isAll);
    for (const DetectorKind kind : allDetectorKinds()) {
        EXPECT_EQ(parseDetectorList("attention," + toString(kind), request), "");
        EXPECT_NE(detectorWords().find(toString(kind)), std::string::npos);
    }
}

TEST(DetectorList, RefusesAnUnknownNameAndAListWithoutTheClassifier)
{
    DetectorRequest request;
    EXPECT_EQ(parseDetectorList("attention,sr3", request),
        "'sr3' is not a detector (known: " + detectorWords() + ")");
    EXPECT_NE(parseDetectorList("", request), "");
    EXPECT_NE(parseDetectorList("attention,", request), "");
    EXPECT_NE(parseDetectorList("rtfm", request).find("leaves out attention"), std::string::npos);
}

struct StoreFolder {
    explicit StoreFolder(const std::string& name)
        : store(test::scratchDir(name), models_store::ModelManifest::builtIn())
    {
    }
    models_store::ModelStore& get() { return store; }
    models_store::ModelStore store;
};

TEST(ResolveDetectors, NamesADetectorWithoutWeightsAsMissingSayingHowToInstallThem)
{
    StoreFolder folder("detector_plan_missing");
    DetectorRequest request { false, { DetectorKind::Mgfn, DetectorKind::Rtfm } };
    const DetectorResolution resolved = resolveDetectors(
        request, DemoWeights::Refuse, [&]() -> auto& { return folder.get(); });
    EXPECT_TRUE(resolved.choices.empty());
    EXPECT_EQ(
        resolved.missing, (std::vector<DetectorKind> { DetectorKind::Rtfm, DetectorKind::Mgfn }));
    const std::string text = missingDetectorText(folder.store, DetectorKind::Rtfm);
    EXPECT_NE(text.find("vigil models import FILE --as rtfm-ucf"), std::string::npos) << text;
}

TEST(ResolveDetectors, AllIsEveryInstalledDetectorOrEveryOneWithDemoWeights)
{
    StoreFolder folder("detector_plan_all");
    const DetectorRequest all { true, {} };
    const DetectorResolution installed = resolveDetectors(
        all, DemoWeights::Refuse, [&]() -> auto& { return folder.get(); });
    EXPECT_TRUE(installed.choices.empty());
    EXPECT_TRUE(installed.missing.empty());
    const std::vector<DetectorChoice> demo = resolveDetectors(
        all, DemoWeights::FillMissing, [&]() -> auto& {
            return folder.get();
        }).choices;
    ASSERT_EQ(demo.size(), allDetectorKinds().size());
    for (const DetectorChoice& choice : demo) {
        EXPECT_EQ(choice.weights.provenance, Provenance::Demo);
        EXPECT_TRUE(choice.weights.path.empty());
    }
}

TEST(ResolveDetectors, TakesInstalledWeightsBeforeDemoOnes)
{
    StoreFolder folder("detector_plan_installed");
    const std::string path = folder.store.folder() + "/imported-rtfm-ucf-ckpt.pkl";
    std::ofstream(path) << "weights";
    const std::vector<DetectorChoice> choices = resolveDetectors(
        { true, {} }, DemoWeights::FillMissing, [&]() -> auto& {
            return folder.get();
        }).choices;
    ASSERT_FALSE(choices.empty());
    EXPECT_EQ(choices[0].kind, DetectorKind::Rtfm);
    EXPECT_EQ(choices[0].weights.provenance, Provenance::Imported);
    EXPECT_EQ(choices[0].weights.path, path);
    EXPECT_EQ(choices[0].weights.name, "rtfm-ucf");
}

// One plan names every network a run lacks, the detectors by kind, so a front end can offer to
// install them all at once instead of reading the problem's words.
TEST(ResolveWeights, NamesEveryMissingNetworkDetectorsIncluded)
{
    const test::ScopedEnvironment models(
        "VIGIL_MODELS_DIR", test::scratchDir("weights_plan_missing"));
    ModelRequest request;
    request.detectors.kinds = { DetectorKind::Rtfm, DetectorKind::Mgfn };
    const WeightsPlan plan = resolveWeights(request);
    EXPECT_TRUE(plan.isMissingAny());
    EXPECT_FALSE(plan.canRun());
    EXPECT_EQ(plan.missingDetectors,
        (std::vector<DetectorKind> { DetectorKind::Rtfm, DetectorKind::Mgfn }));
    EXPECT_EQ(missingNetworksText(plan, request.backbone),
        "the attention classifier, the i3d-r50 backbone and the rtfm and mgfn detectors");
    EXPECT_NE(plan.problem.find("--as rtfm-ucf"), std::string::npos) << plan.problem;
    EXPECT_NE(plan.problem.find("--as mgfn-ucf"), std::string::npos) << plan.problem;

    request.demo = DemoWeights::FillMissing;
    const WeightsPlan demo = resolveWeights(request);
    EXPECT_FALSE(demo.isMissingAny());
    EXPECT_TRUE(demo.missingDetectors.empty());
    EXPECT_EQ(demo.detectors.size(), 2u);
}

TEST(ResolveDetectors, OpensNoModelsFolderWhenNoDetectorIsAsked)
{
    const DetectorResolution none = resolveDetectors({}, DemoWeights::Refuse,
        []() -> models_store::ModelStore& { throw IoError("the models folder was opened"); });
    EXPECT_TRUE(none.choices.empty());
}

} // namespace
} // namespace vigil::engine
