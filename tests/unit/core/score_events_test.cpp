// Events are the runs of frames at or above the threshold, with their peaks.

#include "core/analysis/score_events.h"

#include <gtest/gtest.h>

namespace {

using vigil::analysis::findEvents;

TEST(ScoreEvents, FindsRunsAtOrAboveTheThresholdWithTheirPeaks)
{
    const std::vector<float> scores { 0.1f, 0.6f, 0.9f, 0.5f, 0.2f, 0.7f, 0.7f };
    const auto events = findEvents(scores, 0.5);
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[0].firstFrame, 1);
    EXPECT_EQ(events[0].lastFrame, 3);
    EXPECT_EQ(events[0].peakFrame, 2);
    EXPECT_FLOAT_EQ(events[0].peakScore, 0.9f);
    EXPECT_EQ(events[1].firstFrame, 5);
    EXPECT_EQ(events[1].lastFrame, 6);
    EXPECT_EQ(events[1].frameCount(), 2);
    EXPECT_EQ(events[1].peakFrame, 5) << "the first of equal peaks";
}

TEST(ScoreEvents, FindsNothingAboveAHighThresholdOrInNoScores)
{
    EXPECT_TRUE(findEvents({ 0.1f, 0.4f }, 0.5).empty());
    EXPECT_TRUE(findEvents({}, 0.0).empty());
    EXPECT_EQ(findEvents({ 0.1f, 0.4f }, 0.0).size(), 1u);
}

TEST(ScoreEvents, FindsTheNeighbouringEventOfAFrame)
{
    const auto events = findEvents({ 0, 1, 0, 0, 1, 1, 0, 1 }, 0.5);
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(vigil::analysis::eventIndexAfter(events, 1), 1);
    EXPECT_EQ(vigil::analysis::eventIndexAfter(events, 7), -1);
    EXPECT_EQ(vigil::analysis::eventIndexBefore(events, 4), 0);
    EXPECT_EQ(vigil::analysis::eventIndexBefore(events, 1), -1);
}

} // namespace
