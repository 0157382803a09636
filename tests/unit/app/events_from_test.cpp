// --events-from (issue 37, "one event rule"): `vigil clips` and the `vigil batch` summary find
// the same events as core's rule on the same result, for a detector at its own threshold and for
// k of n, and a source the result or the networks do not have is refused in one line.

#include "core/analysis/event_rule.h"
#include "core/formats/result_reader.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;
const std::string kDemoAnalysis = " --demo-weights --backbone resnet50 --frame-step 25 --window 4"
                                  " -q --detectors attention,rtfm,mgfn";

// The events column of the summary's one row.
int64_t summaryEvents(const std::string& summaryPath)
{
    std::ifstream in(summaryPath);
    std::string header;
    std::string row;
    std::getline(in, header);
    std::getline(in, row);
    const auto column = [](const std::string& line, size_t index) {
        std::stringstream fields(line);
        std::string field;
        for (size_t i = 0; i <= index; ++i)
            std::getline(fields, field, ',');
        return field;
    };
    for (size_t i = 0; i < 16; ++i)
        if (column(header, i) == "events")
            return std::stoll(column(row, i));
    ADD_FAILURE() << "no events column in " << header;
    return -1;
}

size_t clipLines(const std::string& output)
{
    size_t lines = 0;
    for (const std::string& line : linesOfText(output))
        lines += line.find(" s to ") != std::string::npos ? 1 : 0;
    return lines;
}

TEST(EventsFrom, ClipsTheBatchSummaryAndTheRuleAgreeOnADetectorAndOnKOfN)
{
    const std::string dir = scratchDir("events_from");
    fs::create_directories(dir + "/in");
    ASSERT_TRUE(makeClip(
        dir + "/in/walk.avi", "testsrc2=size=160x120:rate=25", 250, "-c:v mpeg4 -q:v 4 -g 25"));
    const CommandResult analysed = vigilInProcess(
        "analyze " + dir + "/in/walk.avi" + kDemoAnalysis + " -o " + dir + "/results");
    ASSERT_EQ(analysed.exitCode, 0) << analysed.output;
    const std::string json = dir + "/results/walk.vigil.json";
    const analysis::AnalysisResult result
        = formats::readResultFiles(json, dir + "/results/walk.scores.csv");
    ASSERT_EQ(result.detectors.size(), 2u);
    // MGFN's middle: some of its frames above, some below, whatever the demo weights give.
    const auto& mgfn = result.detectors[1].frameScores;
    const auto [low, high] = std::minmax_element(mgfn.begin(), mgfn.end());
    char middle[32];
    std::snprintf(middle, sizeof middle, "%.4f", (*low + *high) / 2.0);
    for (const std::string source : { "mgfn", "2-of-n" }) {
        const std::string options
            = " --events-from " + source + " --detector-threshold mgfn=" + middle;
        std::string problem;
        analysis::EventRule rule;
        rule.source = *analysis::parseEventSource(source, &problem);
        rule.detectorThresholds = { { DetectorKind::Mgfn, std::stod(middle) } };
        const size_t expected = analysis::findEvents(result, rule).size();
        if (source == "mgfn")
            EXPECT_GT(expected, 0u);
        const CommandResult clips
            = vigilInProcess("clips " + json + options + " -o " + dir + "/clips-" + source);
        EXPECT_EQ(clips.exitCode, 0) << clips.output;
        EXPECT_EQ(clipLines(clips.output), expected) << source << ": " << clips.output;
        const CommandResult batch = vigilInProcess(
            "batch " + dir + "/in" + kDemoAnalysis + options + " -o " + dir + "/batch-" + source);
        EXPECT_EQ(batch.exitCode, 0) << batch.output;
        EXPECT_EQ(summaryEvents(dir + "/batch-" + source + "/summary.csv"),
            static_cast<int64_t>(expected))
            << source;
    }
    const CommandResult noS3r = vigilInProcess("clips " + json + " --events-from s3r -o " + dir);
    EXPECT_EQ(noS3r.exitCode, 1);
    EXPECT_NE(noS3r.output.find("no s3r scores in this result: analyse with --detectors s3r"),
        std::string::npos)
        << noS3r.output;
    const CommandResult batchWithout = vigilInProcess("batch " + dir
        + "/in --demo-weights "
          "--backbone resnet50 --frame-step 25 -q --events-from rtfm -o "
        + dir + "/b2");
    EXPECT_EQ(batchWithout.exitCode, 2);
    EXPECT_NE(
        batchWithout.output.find("--events-from rtfm needs --detectors rtfm"), std::string::npos)
        << batchWithout.output;
    const CommandResult offAbove
        = vigilInProcess("clips " + json + " --threshold 0.5 --off 0.6 -o " + dir + "/c");
    EXPECT_EQ(offAbove.exitCode, 2);
    EXPECT_NE(offAbove.output.find("--off 0.60 is above --threshold 0.50"), std::string::npos);
}

} // namespace
} // namespace vigil::test
