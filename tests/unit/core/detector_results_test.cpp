// Detectors in the files an analysis leaves (result JSON version 2, a scores.csv column each),
// read back; results of version 1 (no detectors) stay readable.

#include "core/analysis/windows.h"
#include "core/common/error.h"
#include "core/files/atomic_file.h"
#include "core/formats/result_files.h"
#include "core/formats/result_reader.h"
#include "tests/support/synthetic_result.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace vigil::formats {
namespace {

// syntheticResult's 2 steps of 16 frames, 40 frames, with an RTFM opinion.
analysis::AnalysisResult resultWithRtfm()
{
    analysis::AnalysisResult result = test::syntheticResult("v.mp4", std::vector<float>(40, 0.25f));
    analysis::DetectorResult rtfm;
    rtfm.kind = DetectorKind::Rtfm;
    rtfm.weights.provenance = Provenance::Demo;
    rtfm.stepScores = { 0.125f, 0.875f };
    rtfm.magnitudes = { 3.5f, 12.0f };
    rtfm.spanSteps = 2;
    rtfm.frameScores = analysis::frameScores(rtfm.stepScores, 16, 40);
    result.detectors.push_back(rtfm);
    return result;
}

std::string textOf(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(DetectorResults, WritesEachDetectorsStepScoresWeightsAndAColumn)
{
    const WrittenFiles files
        = writeResultFiles(resultWithRtfm(), test::scratchDir("detector_results"), "v");
    const nlohmann::json document = nlohmann::json::parse(textOf(files.jsonPath));
    EXPECT_EQ(document.at("version"), kResultVersion);
    const nlohmann::json& rtfm = document.at("detectors").at("rtfm");
    EXPECT_EQ(rtfm.at("step_scores"), (std::vector<float> { 0.125f, 0.875f }));
    EXPECT_EQ(rtfm.at("weights").at("provenance"), "demo");
    EXPECT_EQ(rtfm.at("source"), "DEMO");
    EXPECT_EQ(rtfm.at("span_steps"), 2);
    const std::string csv = textOf(files.csvPath);
    EXPECT_EQ(csv.substr(0, csv.find('\n')), "frame,time_s,score,rtfm");
    EXPECT_NE(csv.find("\n15,0.600000,0.250000,0.125000\n16,0.640000,0.250000,0.875000\n"),
        std::string::npos)
        << csv;
}

TEST(DetectorResults, ReadsThemBackFrameForFrame)
{
    const analysis::AnalysisResult written = resultWithRtfm();
    const WrittenFiles files = writeResultFiles(written, test::scratchDir("detector_read"), "v");
    const analysis::AnalysisResult read = readResultFiles(files.jsonPath, files.csvPath);
    ASSERT_EQ(read.detectors.size(), 1u);
    EXPECT_EQ(read.detectors[0].kind, DetectorKind::Rtfm);
    EXPECT_EQ(read.detectors[0].stepScores, written.detectors[0].stepScores);
    EXPECT_EQ(read.detectors[0].magnitudes, written.detectors[0].magnitudes);
    EXPECT_EQ(read.detectors[0].frameScores, written.detectors[0].frameScores);
    EXPECT_EQ(read.detectors[0].weights.provenance, Provenance::Demo);
    EXPECT_EQ(read.detectors[0].spanSteps, 2);
}

TEST(DetectorResults, RefusesACsvWhoseDetectorColumnDisagreesWithTheJson)
{
    const std::string dir = test::scratchDir("detector_csv_bad");
    const WrittenFiles files = writeResultFiles(resultWithRtfm(), dir, "v");
    std::string csv = textOf(files.csvPath);
    csv.replace(csv.find(",0.875000"), 9, ",0.500000");
    files::writeFileAtomically(dir + "/edited.scores.csv", csv);
    try {
        readResultFiles(files.jsonPath, dir + "/edited.scores.csv");
        FAIL() << "an edited rtfm column was read";
    } catch (const IoError& error) {
        EXPECT_NE(std::string(error.what()).find("row 17 does not hold the JSON's rtfm score"),
            std::string::npos)
            << error.what();
    }
    // Without the column, the CSV is of another run.
    files::writeFileAtomically(dir + "/plain.scores.csv",
        scoresToCsv(test::syntheticResult("v.mp4", std::vector<float>(40, 0.25f))));
    EXPECT_THROW(readResultFiles(files.jsonPath, dir + "/plain.scores.csv"), IoError);
}

TEST(DetectorResults, RefusesStepScoresOfAnotherLengthOrOutOfRange)
{
    const std::string dir = test::scratchDir("detector_json_bad");
    for (const char* scores : { "[0.5]", "[0.5, 1.5]" }) {
        nlohmann::json document = nlohmann::json::parse(resultToJson(resultWithRtfm()));
        document["detectors"]["rtfm"]["step_scores"] = nlohmann::json::parse(scores);
        files::writeFileAtomically(dir + "/v.vigil.json", document.dump());
        EXPECT_THROW(readResultFiles(dir + "/v.vigil.json", ""), IoError) << scores;
    }
}

TEST(DetectorResults, AVersionOneResultReadsAsOneWithoutDetectors)
{
    const std::string dir = test::scratchDir("detector_version_one");
    const analysis::AnalysisResult plain
        = test::syntheticResult("v.mp4", std::vector<float>(40, 0.25f));
    nlohmann::json document = nlohmann::json::parse(resultToJson(plain));
    document["version"] = 1;
    document.erase("detectors");
    files::writeFileAtomically(dir + "/v.vigil.json", document.dump());
    files::writeFileAtomically(dir + "/v.scores.csv", scoresToCsv(plain));
    const analysis::AnalysisResult read
        = readResultFiles(dir + "/v.vigil.json", dir + "/v.scores.csv");
    EXPECT_TRUE(read.detectors.empty());
    EXPECT_EQ(read.frameScores, plain.frameScores);
}

} // namespace
} // namespace vigil::formats
