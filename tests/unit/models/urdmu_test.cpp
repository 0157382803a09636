// UR-DMU against PyTorch: the committed goldens of scripts/make_urdmu_golden.py (reduced widths;
// a zip file and the same weights with their storages saved from "cuda:0", as the released
// checkpoints are), and a full-size seeded checkpoint the same script writes at test time with
// the released files' key names and shapes, loaded through the detector table as
// `vigil score --detectors urdmu` does.

#include "core/analysis/detector_table.h"
#include "core/common/error.h"
#include "models/model_factory.h"
#include "models/urdmu_detector.h"
#include "tests/support/detector_goldens.h"
#include "tests/support/json_file.h"
#include "tests/support/python_fixtures.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

namespace vigil::models {
namespace {

using test::readJson;

std::string tinyPath(const std::string& name)
{
    return test::sourcePath("tests/data/urdmu/" + name);
}

UrdmuOptions widthsOf(const nlohmann::json& goldens)
{
    const auto& widths = goldens["widths"];
    UrdmuOptions options;
    options.featureSize = widths["features"];
    options.dim = widths["dim"];
    options.depth = widths["depth"];
    options.heads = widths["heads"];
    options.dimHead = widths["dim_head"];
    options.mlpDim = widths["mlp_dim"];
    options.headHidden = widths["head_hidden"];
    options.anomalySlots = widths["a_nums"];
    options.normalSlots = widths["n_nums"];
    return options;
}

void expectMatchesGoldens(const analysis::VideoDetector& detector, const nlohmann::json& goldens)
{
    for (const auto& run : goldens["runs"])
        test::expectRunMatches(detector, run, goldens["widths"]["features"], "score", 1e-5f);
}

class TinyUrdmu : public ::testing::TestWithParam<const char*> { };

TEST_P(TinyUrdmu, MatchesPyTorchWithinOneHundredThousandth)
{
    const auto goldens = readJson(tinyPath("goldens.json"));
    const engine::LoadedDetector loaded = loadUrdmu(tinyPath(GetParam()), widthsOf(goldens));
    EXPECT_EQ(loaded.weights.provenance, Provenance::File);
    EXPECT_TRUE(loaded.ignoredKeys.empty());
    EXPECT_EQ(loaded.detector->featureSize(), 8);
    expectMatchesGoldens(*loaded.detector, goldens);
}

// The released files were saved from CUDA models: their storages name "cuda:0".
INSTANTIATE_TEST_SUITE_P(
    TorchFormats, TinyUrdmu, ::testing::Values("tiny_urdmu.pth", "tiny_urdmu_cuda.pth"));

TEST(FullSizeUrdmu, LoadsThroughItsTableRowAndMatchesPyTorch)
{
    const std::string dir = test::pythonFixtureDir("urdmu", "make_urdmu_golden.py");
    const LoadedDetector loaded = loadDetector(DetectorKind::Urdmu, dir + "/urdmu-ucf-fixture.pth");
    EXPECT_TRUE(loaded.ignoredKeys.empty());
    EXPECT_EQ(
        loaded.detector->featureSize(), analysis::detectorRow(DetectorKind::Urdmu).featureWidth);
    expectMatchesGoldens(*loaded.detector, readJson(dir + "/goldens.json"));
}

std::string refusal(const std::string& path)
{
    try {
        loadDetector(DetectorKind::Urdmu, path);
    } catch (const ModelError& error) {
        return error.what();
    }
    return "(accepted)";
}

TEST(Urdmu, RefusesAnotherArchitectureNamingTheFirstTensor)
{
    const std::string mgfn = test::sourcePath("tests/data/mgfn/tiny_mgfn.pth");
    EXPECT_EQ(refusal(mgfn), mgfn + ": missing tensor 'embedding.conv_1.0.weight'");
    // The right names at other widths: the published network's shapes are required.
    const std::string tiny = tinyPath("tiny_urdmu.pth");
    EXPECT_NE(refusal(tiny).find("embedding.conv_1.0.weight"), std::string::npos) << refusal(tiny);
}

TEST(Urdmu, RefusesFeaturesOfAnotherWidthInOneLine)
{
    const LoadedDetector loaded = loadDetector(DetectorKind::Urdmu, "");
    try {
        loaded.detector->score(FloatArray::zeros({ 10, 4, 2048 }));
        FAIL() << "2048-d features were scored";
    } catch (const ModelError& error) {
        EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
        EXPECT_NE(std::string(error.what()).find("UR-DMU failed on features"), std::string::npos);
    }
}

} // namespace
} // namespace vigil::models
