// Importing RTFM weights as rtfm-ucf through the one import path (engine::importWeights, as
// `vigil models import` and the models dialog do): read as RTFM at its published widths, then
// installed as imported weights with their SHA-256, since nothing pins the released bytes.

#include "core/common/error.h"
#include "core/engine/weights_import.h"
#include "core/files/sha256.h"
#include "core/models_store/installed_weights.h"
#include "models/model_factory.h"
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
