// S3R's two manifest entries, and importing its weights as s3r-ucf and its dictionary as
// s3r-ucf-dictionary through the one import path (engine::importWeights, as `vigil models
// import` and the models dialog do): each file checked alone, then installed as imported with
// its SHA-256. The dictionary entry is never taken for the detector's weights.

#include "core/common/error.h"
#include "core/engine/detector_plan.h"
#include "core/engine/weights_import.h"
#include "core/files/sha256.h"
#include "core/models_store/installed_weights.h"
#include "models/model_factory.h"
#include "tests/support/s3r_fixtures.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace vigil::models {
namespace {

using models_store::ModelKind;
using models_store::ModelManifest;
using models_store::ModelStore;

TEST(S3rImport, TheManifestNamesItsNetworkDictionaryAndSource)
{
    const models_store::ModelEntry* s3r = ModelManifest::builtIn().find("s3r-ucf");
    const models_store::ModelEntry* atoms = ModelManifest::builtIn().find("s3r-ucf-dictionary");
    ASSERT_NE(s3r, nullptr);
    ASSERT_NE(atoms, nullptr);
    EXPECT_EQ(s3r->kind, ModelKind::Detector);
    EXPECT_EQ(atoms->kind, ModelKind::DetectorDictionary);
    for (const models_store::ModelEntry* entry : { s3r, atoms }) {
        EXPECT_EQ(fromString<DetectorKind>(entry->detector), DetectorKind::S3r);
        EXPECT_EQ(entry->url, "https://github.com/louisYen/S3R");
        EXPECT_EQ(entry->trainedOn, "i3d-r50");
        EXPECT_NE(entry->licence.find("MIT"), std::string::npos) << entry->licence;
        EXPECT_FALSE(entry->isDirectDownload);
    }
}

std::string importAs(ModelStore& store, const std::string& file, const std::string& name)
{
    return engine::importWeights(store, file, *store.manifest().find(name), TorchNetworkLoader());
}

engine::DetectorResolution resolveS3r(ModelStore& store)
{
    engine::DetectorRequest request;
    request.kinds = { DetectorKind::S3r };
    return engine::resolveDetectors(
        request, engine::DemoWeights::Refuse, [&store]() -> ModelStore& { return store; });
}

std::string resolveProblem(ModelStore& store)
{
    try {
        if (const engine::DetectorResolution resolved = resolveS3r(store);
            !resolved.missing.empty())
            return engine::missingDetectorText(store, resolved.missing.front());
    } catch (const ModelError& error) {
        return error.what();
    }
    return "(resolved)";
}

TEST(S3rImport, InstallsBothFilesAsImportedWithTheirSha256)
{
    const std::string dir = test::fullSizeS3rDir();
    const std::string weights = dir + "/s3r-ucf-fixture.pth";
    const std::string dictionary = dir + "/s3r-ucf-dictionary-fixture.npy";
    ModelStore store(test::scratchDir("s3r-import"), ModelManifest::builtIn());
    // The dictionary first: installed alone, it is not taken for S3R's weights.
    const std::string dictionaryPath = importAs(store, dictionary, "s3r-ucf-dictionary");
    EXPECT_NE(resolveProblem(store).find("no s3r weights are installed"), std::string::npos)
        << resolveProblem(store);
    const std::string weightsPath = importAs(store, weights, "s3r-ucf");
    const auto installed = models_store::findInstalled(store, *store.manifest().find("s3r-ucf"));
    ASSERT_TRUE(installed.has_value());
    EXPECT_EQ(installed->sha256, files::sha256OfFile(weights));
    EXPECT_FALSE(installed->isPinned);
    const std::vector<engine::DetectorChoice> choices = resolveS3r(store).choices;
    ASSERT_EQ(choices.size(), 1u);
    EXPECT_EQ(choices[0].weights.path, weightsPath);
    EXPECT_EQ(choices[0].weights.name, "s3r-ucf");
    EXPECT_EQ(choices[0].dictionaryPath, dictionaryPath);
    const LoadedDetector loaded = loadDetector(DetectorKind::S3r, weightsPath, dictionaryPath);
    EXPECT_EQ(loaded.detector->featureSize(), 2048);
}

TEST(S3rImport, WeightsWithoutTheirDictionaryAreRefusedInOneLine)
{
    const std::string folder = test::scratchDir("s3r-import-alone");
    ModelStore store(folder, ModelManifest::builtIn());
    std::filesystem::copy_file(test::sourcePath("tests/data/s3r/tiny_s3r.pth"),
        folder + "/" + store.manifest().find("s3r-ucf")->file);
    const std::string message = resolveProblem(store);
    EXPECT_NE(message.find("--as s3r-ucf-dictionary"), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(S3rImport, RefusesAnotherArchitectureOrAWrongDictionaryAndInstallsNothing)
{
    const std::string folder = test::scratchDir("s3r-import-wrong");
    ModelStore store(folder, ModelManifest::builtIn());
    const std::string rtfm = test::sourcePath("tests/data/rtfm/tiny_rtfm.pth");
    EXPECT_THROW(importAs(store, rtfm, "s3r-ucf"), ModelError);
    EXPECT_THROW(importAs(store, rtfm, "s3r-ucf-dictionary"), ModelError);
    const std::string tinyAtoms = test::sourcePath("tests/data/s3r/tiny_dictionary.npy");
    EXPECT_THROW(importAs(store, tinyAtoms, "s3r-ucf-dictionary"), ModelError);
    EXPECT_TRUE(std::filesystem::is_empty(folder));
}

} // namespace
} // namespace vigil::models
