// What a result file promises and what its one reader (formats::readResultFiles, which --resume,
// `vigil clips` and the GUI share) refuses: a format and version, names kept exactly when they
// are not UTF-8, unknown settings written as unknown, the video found beside the result, and
// damaged numbers (NaN, 1e300, empty times, scores beyond [0, 1], lengths that disagree)
// refused in one line naming the file, never passed on.

#include "core/batch/saved_result.h"
#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/formats/result_files.h"
#include "core/formats/result_reader.h"
#include "tests/support/synthetic_result.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace vigil::formats {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

json jsonOf(const std::string& path)
{
    std::ifstream in(path);
    return json::parse(in);
}

std::string readProblem(const std::string& jsonPath, const std::string& csvPath)
{
    try {
        readResultFiles(jsonPath, csvPath);
    } catch (const IoError& error) {
        return error.what();
    }
    return {};
}

TEST(ResultFormat, CarriesItsFormatAndVersionAndANewerVersionIsRefusedInOneLine)
{
    const std::string dir = test::scratchDir("result_version");
    const WrittenFiles files
        = writeResultFiles(test::syntheticResult("v.mp4", { 0.1f, 0.2f }), dir, "v");
    json document = jsonOf(files.jsonPath);
    EXPECT_EQ(document.at("format"), "vigil-result");
    EXPECT_EQ(document.at("version"), 3);
    document["version"] = 4;
    files::writeFileAtomically(files.jsonPath, document.dump());
    const std::string problem = readProblem(files.jsonPath, files.csvPath);
    EXPECT_NE(problem.find(files.jsonPath + ": "), std::string::npos) << problem;
    EXPECT_NE(problem.find("newer Vigil"), std::string::npos) << problem;
    EXPECT_EQ(problem.find('\n'), std::string::npos) << problem;
}

TEST(ResultFormat, KeepsANameThatIsNotUtf8ExactlyAndWritesBothFiles)
{
    const std::string dir = test::scratchDir("result_latin1");
    const std::string video = dir + "/caf\xe9.mp4";
    std::ofstream(video) << "not really a video";
    const WrittenFiles files
        = writeResultFiles(test::syntheticResult(video, { 0.1f, 0.2f }), dir, "caf\xe9");
    ASSERT_TRUE(fs::exists(files.jsonPath));
    const json document = jsonOf(files.jsonPath);
    EXPECT_EQ(document.at("video").at("path_bytes"), dir + "/caf%E9.mp4");
    EXPECT_EQ(readResultFiles(files.jsonPath, files.csvPath).video.path, video);
}

TEST(ResultFormat, LeavesNeitherFileWhenTheJsonCannotBeWritten)
{
    const std::string dir = test::scratchDir("result_pair");
    fs::create_directories(dir + "/v.vigil.json/in-the-way"); // a folder where the JSON goes
    EXPECT_THROW(writeResultFiles(test::syntheticResult("v.mp4", { 0.1f }), dir, "v"), IoError);
    EXPECT_FALSE(fs::exists(dir + "/v.scores.csv"));
}

TEST(ResultFormat, WritesUnknownBackboneCropsAndPresetAsNullAndReadsThemBackUnknown)
{
    analysis::AnalysisResult scored = test::syntheticResult("v.mp4", { 0.1f, 0.2f });
    scored.video.isKnown = false;
    scored.featuresPath = "v.npy";
    scored.model.isExtractionKnown = false;
    const std::string dir = test::scratchDir("result_unknown");
    const WrittenFiles files = writeResultFiles(scored, dir, "v");
    const json model = jsonOf(files.jsonPath).at("model");
    EXPECT_TRUE(model.at("backbone").is_null());
    EXPECT_TRUE(model.at("crops").is_null());
    EXPECT_TRUE(model.at("preprocess").is_null());
    EXPECT_FALSE(readResultFiles(files.jsonPath, files.csvPath).model.isExtractionKnown);
}

TEST(ResultFormat, FindsTheVideoRelativeToTheResultBeforeItsAbsolutePath)
{
    const std::string dir = test::scratchDir("result_relative");
    fs::create_directories(dir + "/site/results");
    std::ofstream(dir + "/site/cam.mp4") << "the analysed video";
    const WrittenFiles files = writeResultFiles(
        test::syntheticResult(dir + "/site/cam.mp4", { 0.1f }), dir + "/site/results", "cam");
    const json video = jsonOf(files.jsonPath).at("video");
    EXPECT_EQ(video.at("path"), dir + "/site/cam.mp4");
    EXPECT_EQ(video.at("relative_path"), "../cam.mp4");
    EXPECT_EQ(video.at("size_bytes"), 18);
    EXPECT_EQ(video.at("sample_sha256").get<std::string>().size(), 64u);
    fs::rename(dir + "/site", dir + "/moved");
    EXPECT_EQ(readResultFiles(dir + "/moved/results/cam.vigil.json", "").video.path,
        dir + "/moved/cam.mp4");
}

struct Damage {
    const char* name;
    std::function<void(json& document, std::string& csv)> apply;
    const char* expected; // in the message
};

class DamagedResult : public ::testing::TestWithParam<Damage> { };

TEST_P(DamagedResult, IsRefusedInOneLineNamingTheFile)
{
    const std::string dir = test::scratchDir(std::string("result_damaged_") + GetParam().name);
    const WrittenFiles files
        = writeResultFiles(test::syntheticResult("v.mp4", { 0.1f, 0.9f, 0.3f }), dir, "v");
    json document = jsonOf(files.jsonPath);
    std::string csv = "frame,time_s,score\n0,0.000000,0.100000\n1,0.040000,0.900000\n"
                      "2,0.080000,0.300000\n";
    GetParam().apply(document, csv);
    files::writeFileAtomically(files.jsonPath, document.dump());
    files::writeFileAtomically(files.csvPath, csv);
    const std::string problem = readProblem(files.jsonPath, files.csvPath);
    EXPECT_NE(problem.find(GetParam().expected), std::string::npos) << problem;
    EXPECT_EQ(problem.find('\n'), std::string::npos) << problem;
    EXPECT_FALSE(batch::checkSavedResult(
        files.jsonPath, files.csvPath, test::demoSettings(), vigil::analysis::EventRule {})
                     .isComplete);
}

void replaceRow(std::string& csv, const std::string& row, const std::string& with)
{
    csv.replace(csv.find(row), row.size(), with);
}

INSTANTIATE_TEST_SUITE_P(ResultReader, DamagedResult,
    ::testing::Values(
        Damage { "nan_time",
            [](json&, std::string& csv) { replaceRow(csv, "1,0.040000", "1,nan"); }, "row 2" },
        Damage { "huge_time",
            [](json&, std::string& csv) { replaceRow(csv, "1,0.040000", "1,1e300"); }, "row 2" },
        Damage { "empty_time", [](json&, std::string& csv) { replaceRow(csv, "1,0.040000", "1,"); },
            "row 2" },
        Damage { "huge_score",
            [](json& document, std::string&) { document["frame_scores"][1] = 1e308; },
            "frame_scores" },
        Damage { "short_scores",
            [](json& document, std::string&) { document["frame_scores"].erase(2); },
            "frame_scores has 2 values for 3 frames" },
        Damage { "nan_fps", [](json& document, std::string&) { document["video"]["fps"] = -1; },
            "fps" }),
    [](const ::testing::TestParamInfo<Damage>& info) { return std::string(info.param.name); });

TEST(SavedResult, ReadsScoresOnlyFromARegularFileOfABoundedSize)
{
    const std::string dir = test::scratchDir("saved_dev_zero");
    const WrittenFiles files
        = writeResultFiles(test::syntheticResult("v.mp4", { 0.1f, 0.2f }), dir, "v");
    fs::remove(files.csvPath);
    fs::create_symlink("/dev/zero", files.csvPath);
    const batch::SavedResult saved = batch::checkSavedResult(
        files.jsonPath, files.csvPath, test::demoSettings(), vigil::analysis::EventRule {});
    EXPECT_FALSE(saved.isComplete);
    EXPECT_NE(saved.problem.find("not a regular file"), std::string::npos) << saved.problem;
    fs::remove(files.csvPath);
    files::writeFileAtomically(files.csvPath, std::string(1 << 20, '0'));
    EXPECT_NE(readProblem(files.jsonPath, files.csvPath).find("too large"), std::string::npos);
}

} // namespace
} // namespace vigil::formats
