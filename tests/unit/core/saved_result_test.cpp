#include "core/batch/saved_result.h"
#include "core/formats/result_files.h"
#include "tests/support/synthetic_result.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace vigil::batch {
namespace {

namespace fs = std::filesystem;

const ExpectedSettings kSettings = test::demoSettings();

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeText(const std::string& path, const std::string& text)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

class SavedResultTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        const std::string dir = test::scratchDir("saved_result");
        files_ = formats::writeResultFiles(
            test::syntheticResult("clip.mp4", { 0.1f, 0.7f, 0.6f, 0.2f, 0.9f }), dir, "clip");
    }
    SavedResult check(const ExpectedSettings& settings = kSettings) const
    {
        return checkSavedResult(
            files_.jsonPath, files_.csvPath, settings, vigil::analysis::EventRule {});
    }
    formats::WrittenFiles files_;
};

TEST_F(SavedResultTest, AcceptsWhatResultFilesWroteAndReadsItsFigures)
{
    const SavedResult saved = check();
    ASSERT_TRUE(saved.isComplete) << saved.problem;
    EXPECT_EQ(saved.figures.frames, 5);
    EXPECT_DOUBLE_EQ(saved.figures.durationS, 0.2);
    EXPECT_FLOAT_EQ(saved.figures.maxScore, 0.9f);
    EXPECT_DOUBLE_EQ(saved.figures.maxScoreTimeS, 0.16);
    EXPECT_EQ(saved.figures.events, 2);
}

TEST_F(SavedResultTest, RejectsATruncatedJson)
{
    const std::string json = readText(files_.jsonPath);
    writeText(files_.jsonPath, json.substr(0, json.size() / 2));
    const SavedResult saved = check();
    EXPECT_FALSE(saved.isComplete);
    EXPECT_NE(saved.problem.find("not valid JSON"), std::string::npos) << saved.problem;
}

TEST_F(SavedResultTest, RejectsJsonThatBreaksTheContract)
{
    writeText(files_.jsonPath, "{\"video\": {\"path\": \"clip.mp4\", \"frames\": \"five\"}}");
    EXPECT_FALSE(check().isComplete);
    writeText(files_.jsonPath, "[1, 2, 3]");
    EXPECT_FALSE(check().isComplete);
}

TEST_F(SavedResultTest, RejectsAMissingOrShortCsv)
{
    const std::string csv = readText(files_.csvPath);
    writeText(files_.csvPath, csv.substr(0, csv.rfind('\n', csv.size() - 2) + 1)); // last row gone
    SavedResult saved = check();
    EXPECT_FALSE(saved.isComplete);
    EXPECT_NE(saved.problem.find("4 rows, expected 5"), std::string::npos) << saved.problem;
    writeText(files_.csvPath, csv.substr(0, csv.size() - 3)); // cut inside the last line
    EXPECT_FALSE(check().isComplete);
    fs::remove(files_.csvPath);
    EXPECT_FALSE(check().isComplete);
}

TEST_F(SavedResultTest, RejectsACsvThatDisagreesWithTheJson)
{
    std::string csv = readText(files_.csvPath);
    const size_t at = csv.find("0.700000");
    ASSERT_NE(at, std::string::npos) << csv;
    csv.replace(at, 8, "0.800000");
    writeText(files_.csvPath, csv);
    const SavedResult saved = check();
    EXPECT_FALSE(saved.isComplete);
    EXPECT_NE(saved.problem.find("row 2"), std::string::npos) << saved.problem;
}

TEST_F(SavedResultTest, RejectsResultsMadeWithOtherSettings)
{
    EXPECT_FALSE(check(test::demoSettings(BackboneKind::ResNet50)).isComplete);
    EXPECT_FALSE(check(test::demoSettings(BackboneKind::I3dResNet50, CropMode::Ten)).isComplete);
    EXPECT_FALSE(
        check(test::demoSettings(BackboneKind::I3dResNet50, CropMode::Center, 16)).isComplete);
    EXPECT_FALSE(
        check(test::demoSettings(BackboneKind::I3dResNet50, CropMode::Center, 32, 8)).isComplete);
    EXPECT_TRUE(check().isComplete);
}

// --precision: bf16 features are another model's, as another preset's are; a result written
// before the field existed reads as fp32.
TEST_F(SavedResultTest, RejectsResultsMadeInAnotherPrecision)
{
    ExpectedSettings bf16 = test::demoSettings();
    bf16.model.precision = Precision::Bf16;
    const SavedResult saved = check(bf16);
    EXPECT_FALSE(saved.isComplete);
    EXPECT_NE(saved.problem.find("made in fp32, not bf16"), std::string::npos) << saved.problem;

    std::string json = readText(files_.jsonPath);
    const std::string field = "\"precision\": \"fp32\",";
    ASSERT_NE(json.find(field), std::string::npos) << json.substr(0, 600);
    writeText(files_.jsonPath, json.replace(json.find(field), field.size(), ""));
    EXPECT_TRUE(check().isComplete) << check().problem;
    EXPECT_FALSE(check(bf16).isComplete);
}

TEST_F(SavedResultTest, RejectsResultsMadeWithOtherWeights)
{
    // A demo result must never pass for one of the published classifier, nor one file for another.
    ExpectedSettings published = test::demoSettings();
    published.model.classifier
        = { "/m/da64.pth", "ab12", Provenance::Published, "classifier-da64-r3" };
    const SavedResult saved = check(published);
    EXPECT_FALSE(saved.isComplete);
    EXPECT_NE(saved.problem.find("classifier"), std::string::npos) << saved.problem;
    ExpectedSettings otherBackbone = test::demoSettings();
    otherBackbone.model.backboneWeights = { "/m/i3d.pth", "cd34", Provenance::File, "" };
    EXPECT_FALSE(check(otherBackbone).isComplete);
}

TEST_F(SavedResultTest, RejectsScoresOfFeaturesWithoutTheirVideo)
{
    analysis::AnalysisResult scored = test::syntheticResult("clip.mp4", { 0.1f, 0.2f });
    scored.video.isKnown = false;
    scored.featuresPath = "clip.npy";
    writeText(files_.jsonPath, formats::resultToJson(scored));
    writeText(files_.csvPath, formats::scoresToCsv(scored));
    EXPECT_FALSE(check().isComplete);
}

} // namespace
} // namespace vigil::batch
