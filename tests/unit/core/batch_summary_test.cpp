#include "core/batch/batch_summary.h"
#include "core/batch/video_figures.h"
#include "tests/support/synthetic_result.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace vigil::batch {
namespace {

TEST(VideoFigures, CountsRunsOfFramesAtOrAboveTheThreshold)
{
    EXPECT_EQ(countEvents({ 0.1f, 0.6f, 0.7f, 0.2f, 0.5f, 0.5f, 0.4f, 0.9f }, 0.5), 3);
    EXPECT_EQ(countEvents({ 0.1f, 0.2f }, 0.5), 0);
    EXPECT_EQ(countEvents({ 0.9f, 0.9f }, 0.5), 1);
    EXPECT_EQ(countEvents({}, 0.5), 0);
}

TEST(VideoFigures, TakeTheFirstPeakAndItsPresentationTime)
{
    const analysis::AnalysisResult result
        = test::syntheticResult("v.mp4", { 0.2f, 0.8f, 0.3f, 0.8f, 0.1f });
    const VideoFigures figures = figuresOf(result, vigil::analysis::EventRule {});
    EXPECT_EQ(figures.frames, 5);
    EXPECT_DOUBLE_EQ(figures.durationS, 0.2);
    EXPECT_FLOAT_EQ(figures.maxScore, 0.8f);
    EXPECT_DOUBLE_EQ(figures.maxScoreTimeS, 0.04);
    EXPECT_EQ(figures.events, 2);
}

TEST(BatchSummary, QuotesFieldsOnlyWhenCsvNeedsIt)
{
    EXPECT_EQ(csvField("plain/path.mp4"), "plain/path.mp4");
    EXPECT_EQ(csvField("a,b.mp4"), "\"a,b.mp4\"");
    EXPECT_EQ(csvField("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(csvField("two\nlines"), "\"two\nlines\"");
    EXPECT_EQ(csvField(" edge"), "\" edge\"");
    EXPECT_EQ(csvField(""), "");
}

TEST(BatchSummary, HasOneRowPerFileWithEmptyFiguresWhereThereAreNone)
{
    std::vector<BatchRow> rows;
    rows.push_back({ "cam 1/a,b.mp4", FileStatus::Ok, "", VideoFigures { 40, 1.6, 0.75f, 0.52, 2 },
        3.456, "classifier: published classifier-da64-r3 \u00b7 backbone: DEMO" });
    rows.push_back({ "notes.txt", FileStatus::Skipped,
        "not a video: Invalid data found when processing input", {}, 0.01 });
    rows.push_back({ "bad.mp4", FileStatus::Failed, "cannot open: \"moov\" missing", {}, 0.0 });
    EXPECT_EQ(summaryToCsv(rows),
        "path,status,message,frames,duration_s,max_score,max_score_time_s,events,seconds,weights,"
        "detector_peaks\n"
        "\"cam 1/a,b.mp4\",ok,,40,1.600,0.750000,0.520,2,3.46,classifier: published "
        "classifier-da64-r3 \u00b7 backbone: DEMO,\n"
        "notes.txt,skipped,not a video: Invalid data found when processing input,,,,,,0.01,,\n"
        "bad.mp4,failed,\"cannot open: \"\"moov\"\" missing\",,,,,,0.00,,\n");
}

TEST(BatchSummary, GivesEachDetectorsPeak)
{
    VideoFigures figures { 40, 1.6, 0.75f, 0.52, 2 };
    figures.detectorPeaks = { { DetectorKind::Rtfm, 0.8125f } };
    const std::string csv
        = summaryToCsv({ { "a.mp4", FileStatus::Ok, "", figures, 1.0, "weights" } });
    EXPECT_NE(csv.find("a.mp4,ok,,40,1.600,0.750000,0.520,2,1.00,weights,rtfm=0.812500\n"),
        std::string::npos)
        << csv;
}

TEST(BatchSummary, NamesTheFileAfterTheShard)
{
    EXPECT_EQ(summaryFileName(Shard {}), "summary.csv");
    EXPECT_EQ(summaryFileName(Shard { 3, 8 }), "summary-3-of-8.csv");
}

TEST(BatchSummary, WritesTheFileWithoutLeavingTemporaries)
{
    const std::string dir = test::scratchDir("batch_summary_write");
    writeSummary(dir + "/summary.csv", { { "a.mp4", FileStatus::Failed, "x", {}, 1.0 } });
    std::ifstream in(dir + "/summary.csv");
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(),
        "path,status,message,frames,duration_s,max_score,max_score_time_s,events,seconds,weights,"
        "detector_peaks\n"
        "a.mp4,failed,x,,,,,,1.00,,\n");
    size_t files = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir))
        ++files;
    EXPECT_EQ(files, 1u);
}

} // namespace
} // namespace vigil::batch
