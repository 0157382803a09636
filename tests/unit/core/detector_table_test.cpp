// eval's comparison table (core/eval/detector_table.h): AUCs of each scorer over the same frames,
// the false-alarm rate on normal videos, per class, and the printed table.

#include "core/eval/detector_table.h"
#include "core/eval/roc_metrics.h"

#include <gtest/gtest.h>

#include <cmath>

namespace vigil::eval {
namespace {

// Two scorers: "good" separates the anomalous frames, "bad" ranks them lowest.
std::vector<ScoredVideo> videos()
{
    return {
        { "Arrest", { 0, 1, 1, 0 }, { { 0.1f, 0.9f, 0.8f, 0.2f }, { 0.9f, 0.1f, 0.2f, 0.8f } } },
        { "Normal", { 0, 0, 0, 0 }, { { 0.1f, 0.5f, 0.2f, 0.3f }, { 0.6f, 0.7f, 0.4f, 0.9f } } },
        { "Fighting", { 1, 1, 0, 0 }, { { 0.7f, 0.6f, 0.1f, 0.1f }, { 0.0f, 0.0f, 0.5f, 0.5f } } }
    };
}

TEST(DetectorTable, GivesEachScorersAucsAndFalseAlarmsOnNormalVideos)
{
    const std::vector<ScorerMetrics> table = detectorTable({ "good", "bad" }, videos());
    ASSERT_EQ(table.size(), 2u);
    std::vector<float> scores;
    std::vector<uint8_t> labels;
    for (const ScoredVideo& video : videos()) {
        scores.insert(
            scores.end(), video.scorerFrameScores[1].begin(), video.scorerFrameScores[1].end());
        labels.insert(labels.end(), video.frameLabels.begin(), video.frameLabels.end());
    }
    EXPECT_DOUBLE_EQ(table[1].rocAuc, rocAuc(scores, labels));
    EXPECT_DOUBLE_EQ(table[1].prAuc, prAuc(scores, labels));
    EXPECT_DOUBLE_EQ(table[0].rocAuc, 1.0);
    // The normal video's frames at or above 0.5: one of four for "good", three for "bad".
    EXPECT_DOUBLE_EQ(table[0].falseAlarmRate, 0.25);
    EXPECT_DOUBLE_EQ(table[1].falseAlarmRate, 0.75);
    ASSERT_EQ(table[0].classRocAuc.size(), 2u);
    EXPECT_DOUBLE_EQ(table[0].classRocAuc.at("Arrest"), 1.0);
    // Fighting with the normal video: bad's 0.0, 0.0 anomalous frames rank below every normal one.
    EXPECT_DOUBLE_EQ(table[1].classRocAuc.at("Fighting"), 0.0);
}

TEST(DetectorTable, WithoutClassesCountsVideosWithoutAnomalousFramesAsNormal)
{
    std::vector<ScoredVideo> unnamed = videos();
    for (ScoredVideo& video : unnamed)
        video.className.clear();
    const std::vector<ScorerMetrics> table = detectorTable({ "good", "bad" }, unnamed);
    EXPECT_DOUBLE_EQ(table[0].falseAlarmRate, 0.25);
    EXPECT_TRUE(table[0].classRocAuc.empty());
    unnamed.erase(unnamed.begin() + 1); // no normal video left
    EXPECT_TRUE(std::isnan(detectorTable({ "good", "bad" }, unnamed)[0].falseAlarmRate));
}

TEST(DetectorTable, PrintsOneRowPerScorerThenOnePerClass)
{
    const std::string text = formatDetectorTable(detectorTable({ "good", "bad" }, videos()));
    EXPECT_EQ(text.substr(0, text.find('\n')), "detector            ROC AUC     PR AUC     FA@0.5");
    EXPECT_NE(text.find("\ngood                100.00%    100.00%     25.00%\n"), std::string::npos)
        << text;
    EXPECT_NE(text.find("\nclass ROC AUC          good        bad\n"), std::string::npos) << text;
    EXPECT_NE(text.find("\nFighting            100.00%      0.00%\n"), std::string::npos) << text;
}

} // namespace
} // namespace vigil::eval
