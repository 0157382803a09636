// UR-DMU and PEL4VAD on the vigil command line: `vigil score FEATS.npy --detectors urdmu,pel4vad`
// scores 1024-d Inception-I3D features with those detectors alone (no classifier, whose scores
// are then "not scored": null in the JSON, empty in the CSV, never 0), and equals each
// repository's own test code on the same features and checkpoint (the goldens of
// scripts/make_{urdmu,pel4vad}_golden.py, the checkpoints imported with `vigil models import`).
// The refusals: a detector of these features beside RTFM's without the classifier, features of
// the other width, and analyze of these detectors alone with a backbone that does not make them.

#include "core/files/npy_file.h"
#include "core/formats/result_reader.h"
#include "tests/support/formula_input.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/json_file.h"
#include "tests/support/python_fixtures.h"
#include "tests/support/scoped_environment.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

namespace vigil::test {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// The goldens' formula input [crops, steps, size] as a feature file [steps, crops, size].
void writeFormulaFeatures(const std::string& path, int64_t crops, int64_t steps, int64_t size)
{
    const FloatArray input = formulaInput(crops, steps, size);
    FloatArray features = FloatArray::zeros({ steps, crops, size });
    for (int64_t c = 0; c < crops; ++c)
        for (int64_t t = 0; t < steps; ++t)
            std::copy_n(input.values.begin() + (c * steps + t) * size, size,
                features.values.begin() + (t * crops + c) * size);
    files::writeNpy(path, features);
}

// The one line of the refusal, beside any demo-weights warning.
std::string oneLine(const CommandResult& run)
{
    std::vector<std::string> problems;
    for (const std::string& line : linesOfText(run.output))
        if (line.rfind("vigil: warning: ", 0) != 0)
            problems.push_back(line);
    EXPECT_EQ(problems.size(), 1u) << run.output;
    EXPECT_EQ(run.output.rfind("vigil: ", 0), 0u) << run.output;
    return problems.empty() ? std::string() : problems.front();
}

class InceptionDetectors : public ::testing::Test {
protected:
    void SetUp() override { dir_ = scratchDir("inception_detectors"); }
    std::string dir_;
};

TEST_F(InceptionDetectors, ScoreTheirFeaturesAloneLeavingTheClassifiersScoresNotScored)
{
    const std::string features = dir_ + "/clip.npy";
    writeFormulaFeatures(features, 10, 8, 1024);
    const std::string out = dir_ + "/alone";
    const CommandResult run = vigilInProcess("score " + shellQuoted(features)
        + " --demo-weights --detectors urdmu,pel4vad -o " + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(
        run.output.find("8 steps, 10 crops, no classifier; urdmu peak score"), std::string::npos)
        << run.output;
    EXPECT_EQ(run.output.find("the classifier"), std::string::npos) << run.output;
    const json result = readJson(out + "/clip.vigil.json");
    EXPECT_TRUE(result["model"]["classifier"].is_null());
    EXPECT_TRUE(result["frame_scores"].is_null());
    EXPECT_TRUE(result["windows"].empty());
    EXPECT_EQ(result["features"]["frames"], 8 * 16);
    for (const char* word : { "urdmu", "pel4vad" }) {
        SCOPED_TRACE(word);
        EXPECT_EQ(result["detectors"][word]["step_scores"].size(), 8u);
        EXPECT_EQ(result["detectors"][word]["weights"]["provenance"], "demo");
    }
    const std::vector<std::string> csv = linesOf(out + "/clip.scores.csv");
    ASSERT_EQ(csv.size(), 1u + 8 * 16);
    EXPECT_EQ(csv[0], "frame,time_s,score,urdmu,pel4vad");
    EXPECT_EQ(csv[1].rfind("0,,,", 0), 0u) << csv[1]; // no time, no classifier score
    // And it reopens as it was written.
    const analysis::AnalysisResult reread
        = formats::readResultFiles(out + "/clip.vigil.json", out + "/clip.scores.csv");
    EXPECT_FALSE(reread.model.hasClassifier);
    EXPECT_EQ(reread.frameCount(), 8 * 16);
    EXPECT_TRUE(reread.frameScores.empty());
    ASSERT_EQ(reread.detectors.size(), 2u);
    EXPECT_EQ(reread.detectors[1].frameScores.size(), 8u * 16);
}

// A real video through FFmpeg and Inception-I3D, scored by its detectors alone.
TEST_F(InceptionDetectors, AnalyzeExtractsInceptionFeaturesForTheirDetectors)
{
    const std::string clip = dir_ + "/clip.mkv";
    ASSERT_EQ(std::system(("ffmpeg -loglevel error -y -f lavfi -i testsrc2=size=320x240:rate=25 "
                           "-frames:v 40 -c:v ffv1 -pix_fmt bgr0 "
                  + shellQuoted(clip))
                              .c_str()),
        0);
    const std::string out = dir_ + "/analyzed";
    const CommandResult run = vigilInProcess("analyze " + shellQuoted(clip)
        + " --backbone i3d-inception --detectors urdmu,pel4vad --demo-weights -q -o "
        + shellQuoted(out));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const json result = readJson(out + "/clip.vigil.json");
    EXPECT_EQ(result["model"]["backbone"], "i3d-inception");
    EXPECT_EQ(result["model"]["preprocess"], "urdmu"); // the backbone's own default
    EXPECT_TRUE(result["model"]["classifier"].is_null());
    EXPECT_EQ(result["steps"], 3); // 40 frames: the last snippet filled with the last frame
    EXPECT_EQ(result["video"]["frames"], 40);
    EXPECT_EQ(result["detectors"]["pel4vad"]["step_scores"].size(), 3u);
    const std::vector<std::string> csv = linesOf(out + "/clip.scores.csv");
    ASSERT_EQ(csv.size(), 41u);
    EXPECT_EQ(csv[1].rfind("0,0.000000,,", 0), 0u) << csv[1];

    const CommandResult withClassifier = vigilInProcess("analyze " + shellQuoted(clip)
        + " --backbone i3d-inception --demo-weights -q -o " + shellQuoted(dir_ + "/w"));
    EXPECT_EQ(withClassifier.exitCode, 2);
    EXPECT_NE(oneLine(withClassifier)
                  .find("the attention classifier reads 2048-d I3D-ResNet-50 features, not "
                        "Inception-I3D's 1024-d ones; name this backbone's detectors alone "
                        "(--detectors urdmu,pel4vad)"),
        std::string::npos);
}

struct Published {
    const char* name; // as `vigil models import --as` takes it
    const char* fixtureDir;
    const char* script;
    const char* file;
    const char* goldens;
    const char* scoreKey; // what the repository's test code gives
    const char* detector;
};

class InceptionParity : public ::testing::TestWithParam<Published> { };

// The released files' layout (full size, saved from "cuda:0"), installed as a user does, scored
// as the repository's test code scores the same features: 1e-4.
TEST_P(InceptionParity, ScoreEqualsTheRepositorysTestCode)
{
    const Published& published = GetParam();
    const std::string fixtures = pythonFixtureDir(published.fixtureDir, published.script);
    const std::string dir = scratchDir(std::string("inception_parity_") + published.name);
    const ScopedEnvironment models("VIGIL_MODELS_DIR", dir + "/models");
    const CommandResult imported = vigilInProcess("models import "
        + shellQuoted(fixtures + "/" + published.file) + " --as " + published.name);
    ASSERT_EQ(imported.exitCode, 0) << imported.output;
    const json goldens = readJson(fixtures + "/" + published.goldens);
    const auto run
        = std::find_if(goldens["runs"].begin(), goldens["runs"].end(), [](const json& candidate) {
              return candidate["crops"] == 10 && candidate.contains("attention");
          });
    ASSERT_NE(run, goldens["runs"].end());
    const int64_t steps = (*run)["steps"];
    writeFormulaFeatures(dir + "/video.npy", 10, steps, 1024);
    const CommandResult scored = vigilInProcess("score " + shellQuoted(dir + "/video.npy")
        + " --detectors " + published.detector + " -o " + shellQuoted(dir + "/out"));
    ASSERT_EQ(scored.exitCode, 0) << scored.output;
    const json result = readJson(dir + "/out/video.vigil.json");
    const json& detector = result["detectors"][published.detector];
    EXPECT_EQ(detector["weights"]["provenance"], "imported");
    const std::vector<double> actual = detector["step_scores"].get<std::vector<double>>();
    const std::vector<double> expected = (*run)[published.scoreKey].get<std::vector<double>>();
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i)
        EXPECT_NEAR(actual[i], expected[i], 1e-4) << "step " << i;
}

INSTANTIATE_TEST_SUITE_P(Released, InceptionParity,
    ::testing::Values(Published { "urdmu-ucf", "urdmu", "make_urdmu_golden.py",
                          "urdmu-ucf-fixture.pth", "goldens.json", "score", "urdmu" },
        Published { "pel4vad-ucf", "pel4vad", "make_pel4vad_golden.py", "pel4vad-ucf-fixture.pth",
            "goldens.json", "smoothed_ucf", "pel4vad" },
        Published { "pel4vad-xd", "pel4vad", "make_pel4vad_golden.py", "pel4vad-xd-fixture.pth",
            "goldens_xd.json", "smoothed_xd", "pel4vad" }),
    [](const auto& info) {
        std::string name = info.param.name;
        std::replace(name.begin(), name.end(), '-', '_');
        return name;
    });

TEST_F(InceptionDetectors, AreRefusedInOneLineWhereTheirFeaturesAreNot)
{
    const std::string rtfmFeatures = dir_ + "/rtfm.npy";
    writeFormulaFeatures(rtfmFeatures, 1, 4, 2048);
    const CommandResult beside = vigilInProcess("score " + shellQuoted(rtfmFeatures)
        + " --demo-weights --detectors urdmu,rtfm -o " + shellQuoted(dir_ + "/x"));
    EXPECT_EQ(beside.exitCode, 2);
    EXPECT_NE(oneLine(beside).find("leaves out attention"), std::string::npos);

    const CommandResult wide = vigilInProcess("score " + shellQuoted(rtfmFeatures)
        + " --demo-weights --detectors urdmu -o " + shellQuoted(dir_ + "/y"));
    EXPECT_EQ(wide.exitCode, 1);
    EXPECT_NE(
        oneLine(wide).find("2048-d features do not fit: urdmu needs 1024-d Inception-I3D features"),
        std::string::npos);

    // Refused before the file is even opened: without the classifier, only --backbone's
    // features are extracted (beside it, two_families_command_test.cpp).
    const CommandResult analyze = vigilInProcess("analyze " + shellQuoted(rtfmFeatures)
        + " --demo-weights --detectors pel4vad -o " + shellQuoted(dir_ + "/z"));
    EXPECT_EQ(analyze.exitCode, 2);
    EXPECT_NE(oneLine(analyze).find("--detectors pel4vad: PEL4VAD reads 1024-d i3d-inception "
                                    "features, and --backbone i3d-r50 extracts i3d-r50 ones: run "
                                    "it with --backbone i3d-inception, or beside the classifier"),
        std::string::npos);
    EXPECT_FALSE(fs::exists(dir_ + "/z"));
}

} // namespace
} // namespace vigil::test
