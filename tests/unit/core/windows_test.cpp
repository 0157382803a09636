#include "core/analysis/windows.h"

#include <gtest/gtest.h>

namespace vigil::analysis {
namespace {

TEST(PlanWindows, SplitsVtestIntoTwoWindowsWithTheDefaults)
{
    // vtest.avi: 795 frames -> 49 snippets -> windows [0, 31] and [32, 48].
    const auto windows = planWindows(49, { 32, 32 });
    ASSERT_EQ(windows.size(), 2u);
    EXPECT_EQ(windows[0], (WindowSpan { 0, 31 }));
    EXPECT_EQ(windows[1], (WindowSpan { 32, 48 }));
}

TEST(PlanWindows, GivesOneShortWindowForASequenceShorterThanAWindow)
{
    const auto windows = planWindows(5, { 32, 32 });
    ASSERT_EQ(windows.size(), 1u);
    EXPECT_EQ(windows[0], (WindowSpan { 0, 4 }));
}

TEST(PlanWindows, OverlapsWhenTheStrideIsShorterThanTheWindow)
{
    const auto windows = planWindows(10, { 4, 3 });
    const std::vector<WindowSpan> expected = { { 0, 3 }, { 3, 6 }, { 6, 9 } };
    EXPECT_EQ(windows, expected);
}

TEST(PlanWindows, StopsAtTheFirstWindowThatReachesTheEnd)
{
    const auto windows = planWindows(10, { 8, 2 });
    const std::vector<WindowSpan> expected = { { 0, 7 }, { 2, 9 } };
    EXPECT_EQ(windows, expected);
}

TEST(PlanWindows, ExactMultipleHasNoEmptyTail)
{
    const auto windows = planWindows(64, { 32, 32 });
    ASSERT_EQ(windows.size(), 2u);
    EXPECT_EQ(windows[1], (WindowSpan { 32, 63 }));
}

TEST(PlanWindows, ReturnsNothingForNoSteps)
{
    EXPECT_TRUE(planWindows(0, { 32, 32 }).empty());
}

TEST(PlanWindows, RejectsNonPositiveSizes)
{
    EXPECT_THROW(planWindows(10, { 0, 1 }), std::invalid_argument);
    EXPECT_THROW(planWindows(10, { 4, 0 }), std::invalid_argument);
}

TEST(StepScores, AveragesOverlappingWindows)
{
    const std::vector<WindowSpan> windows = { { 0, 3 }, { 2, 5 } };
    const auto scores = stepScores(windows, { 0.2f, 0.6f }, 6);
    const std::vector<float> expected = { 0.2f, 0.2f, 0.4f, 0.4f, 0.6f, 0.6f };
    ASSERT_EQ(scores.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_FLOAT_EQ(scores[i], expected[i]) << "step " << i;
}

TEST(FrameScores, RepeatsEachStepOverItsFramesAndExtendsTheLastStep)
{
    const auto scores = frameScores({ 0.1f, 0.9f }, 16, 40);
    ASSERT_EQ(scores.size(), 40u);
    EXPECT_FLOAT_EQ(scores[0], 0.1f);
    EXPECT_FLOAT_EQ(scores[15], 0.1f);
    EXPECT_FLOAT_EQ(scores[16], 0.9f);
    EXPECT_FLOAT_EQ(scores[31], 0.9f);
    EXPECT_FLOAT_EQ(scores[39], 0.9f); // after the last whole snippet
}

TEST(FrameScores, MapsEveryNthFrameSteps)
{
    const auto scores = frameScores({ 0.25f, 0.5f, 0.75f }, 3, 8);
    const std::vector<float> expected = { 0.25f, 0.25f, 0.25f, 0.5f, 0.5f, 0.5f, 0.75f, 0.75f };
    EXPECT_EQ(scores, expected);
}

} // namespace
} // namespace vigil::analysis
