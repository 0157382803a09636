// Importing RTFM weights as rtfm-ucf through the one import path (engine::importWeights, as
// `vigil models import` and the models dialog do): read as RTFM at its published widths, then
// installed as imported weights with their SHA-256, since nothing pins the released bytes.

#include "core/common/error.h"
#include "core/engine/weights_import.h"
#include "core/files/sha256.h"
#include "core/models_store/installed_weights.h"
#include "models/model_factory.h"
#include "models/state_dict_reader.h"
#include "models/state_dict_writer.h"
#include "tests/support/rtfm_fixtures.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace vigil::models {
namespace {

using models_store::ModelManifest;
using models_store::ModelStore;

TEST(RtfmImport, InstallsTheFileAsImportedWithItsSha256)
{
    const std::string file = test::fullSizeRtfmDir() + "/rtfm-ucf-fixture-legacy.pth";
    ModelStore store(test::scratchDir("rtfm-import"), ModelManifest::builtIn());
    const models_store::ModelEntry& entry = *store.manifest().find("rtfm-ucf");
    const std::string path = engine::importWeights(store, file, entry, TorchNetworkLoader());
    const auto installed = models_store::findInstalled(store, entry);
    ASSERT_TRUE(installed.has_value());
    EXPECT_EQ(installed->path, path);
    EXPECT_EQ(installed->name, "rtfm-ucf");
    EXPECT_EQ(installed->sha256, files::sha256OfFile(file));
    EXPECT_EQ(installed->trainedOn, "i3d-r50");
    EXPECT_FALSE(installed->isPinned);
    EXPECT_EQ(loadDetector(DetectorKind::Rtfm, path).detector->featureSize(), 2048);
}

// Issue 40 item 7: a checkpoint that loads but scores NaN (here a BatchNorm variance made
// negative) is refused at import, naming the file, instead of failing every analysis later.
TEST(RtfmImport, RefusesACheckpointThatScoresNanAndInstallsNothing)
{
    StateDict dict = readStateDict(test::fullSizeRtfmDir() + "/rtfm-ucf-fixture.pth");
    bool isDamaged = false;
    for (auto& [name, tensor] : dict)
        if (!isDamaged && name.find("running_var") != std::string::npos) {
            tensor = -tensor.abs() - 1.0;
            isDamaged = true;
        }
    ASSERT_TRUE(isDamaged) << "the fixture has no BatchNorm";
    const std::string folder = test::scratchDir("rtfm-import-nan");
    const std::string damaged = folder + "/damaged.pth";
    writeStateDict(damaged, dict);
    ModelStore store(folder + "/models", ModelManifest::builtIn());
    try {
        engine::importWeights(
            store, damaged, *store.manifest().find("rtfm-ucf"), TorchNetworkLoader());
        FAIL() << "a checkpoint that scores NaN was imported";
    } catch (const ModelError& error) {
        const std::string message = error.what();
        EXPECT_EQ(message.rfind(damaged + ": rtfm-ucf ", 0), 0u) << message;
        EXPECT_NE(message.find("not imported"), std::string::npos) << message;
    }
    EXPECT_FALSE(std::filesystem::exists(folder + "/models")
        && !std::filesystem::is_empty(folder + "/models"));
}

TEST(RtfmImport, RefusesReducedWidthsAndInstallsNothing)
{
    const std::string folder = test::scratchDir("rtfm-import-tiny");
    ModelStore store(folder, ModelManifest::builtIn());
    const std::string tiny = test::sourcePath("tests/data/rtfm/tiny_rtfm.pth");
    EXPECT_THROW(engine::importWeights(
                     store, tiny, *store.manifest().find("rtfm-ucf"), TorchNetworkLoader()),
        ModelError);
    EXPECT_TRUE(std::filesystem::is_empty(folder));
}

} // namespace
} // namespace vigil::models
