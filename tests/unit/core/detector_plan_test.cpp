// --detectors in words and in weights (core/engine/detector_plan.h): the list's words, and which
// weights each detector gets from a models folder, with and without --demo-weights.

#include "core/common/error.h"
#include "core/engine/detector_plan.h"
#include "core/models_store/model_manifest.h"
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

TEST(ResolveDetectors, RefusesADetectorWithoutWeightsSayingHowToInstallThem)
{
    StoreFolder folder("detector_plan_missing");
    DetectorRequest request { false, { DetectorKind::Rtfm } };
    try {
        resolveDetectors(
            request, DemoWeights::Refuse, [&]() -> auto& { return folder.get(); });
        FAIL() << "a detector without weights was resolved";
    } catch (const ModelError& error) {
        EXPECT_NE(std::string(error.what()).find("vigil models import FILE --as rtfm-ucf"),
            std::string::npos)
            << error.what();
    }
}

TEST(ResolveDetectors, AllIsEveryInstalledDetectorOrEveryOneWithDemoWeights)
{
    StoreFolder folder("detector_plan_all");
    const DetectorRequest all { true, {} };
    EXPECT_TRUE(resolveDetectors(
        all, DemoWeights::Refuse, [&]() -> auto& {
            return folder.get();
        }).empty());
    const std::vector<DetectorChoice> demo = resolveDetectors(
        all, DemoWeights::FillMissing, [&]() -> auto& { return folder.get(); });
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
        { true, {} }, DemoWeights::FillMissing, [&]() -> auto& { return folder.get(); });
    ASSERT_FALSE(choices.empty());
    EXPECT_EQ(choices[0].kind, DetectorKind::Rtfm);
    EXPECT_EQ(choices[0].weights.provenance, Provenance::Imported);
    EXPECT_EQ(choices[0].weights.path, path);
    EXPECT_EQ(choices[0].weights.name, "rtfm-ucf");
}

TEST(ResolveDetectors, OpensNoModelsFolderWhenNoDetectorIsAsked)
{
    const std::vector<DetectorChoice> none = resolveDetectors({}, DemoWeights::Refuse,
        []() -> models_store::ModelStore& { throw IoError("the models folder was opened"); });
    EXPECT_TRUE(none.empty());
}

} // namespace
} // namespace vigil::engine
