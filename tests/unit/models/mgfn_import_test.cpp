// MGFN's manifest entry, and importing MGFN weights as mgfn-ucf through the one import path
// (engine::importWeights, as `vigil models import` and the models dialog do): read as MGFN at
// its published widths, then installed as imported weights with their SHA-256, since nothing
// pins the released bytes.

#include "core/common/error.h"
#include "core/engine/weights_import.h"
#include "core/files/sha256.h"
#include "core/models_store/installed_weights.h"
#include "models/model_factory.h"
#include "tests/support/mgfn_fixtures.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace vigil::models {
namespace {

using models_store::ModelManifest;
using models_store::ModelStore;

TEST(MgfnImport, TheManifestNamesItsNetworkSourceAndLicence)
{
    const models_store::ModelEntry* mgfn = ModelManifest::builtIn().find("mgfn-ucf");
    ASSERT_NE(mgfn, nullptr);
    EXPECT_EQ(mgfn->kind, models_store::ModelKind::Detector);
    EXPECT_EQ(fromString<DetectorKind>(mgfn->detector), DetectorKind::Mgfn);
    EXPECT_EQ(mgfn->trainedOn, "i3d-r50");
    // The repository's name ends in a dot.
    EXPECT_EQ(mgfn->url, "https://github.com/carolchenyx/MGFN.");
    EXPECT_NE(mgfn->licence.find("no licence file"), std::string::npos) << mgfn->licence;
    EXPECT_FALSE(mgfn->isDirectDownload);
    EXPECT_FALSE(mgfn->checksum.canVerify());
}

TEST(MgfnImport, InstallsTheFileAsImportedWithItsSha256)
{
    const std::string file = test::fullSizeMgfnDir() + "/mgfn-ucf-fixture.pth";
    ModelStore store(test::scratchDir("mgfn-import"), ModelManifest::builtIn());
    const models_store::ModelEntry& entry = *store.manifest().find("mgfn-ucf");
    const std::string path = engine::importWeights(store, file, entry, TorchNetworkLoader());
    const auto installed = models_store::findInstalled(store, entry);
    ASSERT_TRUE(installed.has_value());
    EXPECT_EQ(installed->path, path);
    EXPECT_EQ(installed->name, "mgfn-ucf");
    EXPECT_EQ(installed->sha256, files::sha256OfFile(file));
    EXPECT_EQ(installed->trainedOn, "i3d-r50");
    EXPECT_FALSE(installed->isPinned);
    EXPECT_EQ(loadDetector(DetectorKind::Mgfn, path).detector->featureSize(), 2048);
}

TEST(MgfnImport, RefusesAnotherArchitectureAndInstallsNothing)
{
    const std::string folder = test::scratchDir("mgfn-import-rtfm");
    ModelStore store(folder, ModelManifest::builtIn());
    const std::string rtfm = test::sourcePath("tests/data/rtfm/tiny_rtfm.pth");
    EXPECT_THROW(engine::importWeights(
                     store, rtfm, *store.manifest().find("mgfn-ucf"), TorchNetworkLoader()),
        ModelError);
    EXPECT_TRUE(std::filesystem::is_empty(folder));
}

} // namespace
} // namespace vigil::models
