// The lesson's arithmetic on hand-made attention, where the answers are known.

#include "core/analysis/attention_lesson_math.h"

#include <gtest/gtest.h>

#include <cmath>

namespace vigil::analysis {
namespace {

// A [T, r] attention with rows given column by column, and its AᵀA.
WindowExplanation explanationOf(const std::vector<std::vector<float>>& rows)
{
    WindowExplanation e;
    e.rows = static_cast<int64_t>(rows.size());
    e.steps = static_cast<int64_t>(rows.front().size());
    e.attention = FloatArray::zeros({ e.steps, e.rows });
    for (int64_t k = 0; k < e.rows; ++k)
        for (int64_t t = 0; t < e.steps; ++t)
            e.attention.values[static_cast<size_t>(t * e.rows + k)]
                = rows[static_cast<size_t>(k)][static_cast<size_t>(t)];
    e.rowSimilarity = FloatArray::zeros({ e.rows, e.rows });
    for (int64_t i = 0; i < e.rows; ++i)
        for (int64_t j = 0; j < e.rows; ++j)
            for (int64_t t = 0; t < e.steps; ++t)
                e.rowSimilarity.values[static_cast<size_t>(i * e.rows + j)]
                    += rows[static_cast<size_t>(i)][static_cast<size_t>(t)]
                    * rows[static_cast<size_t>(j)][static_cast<size_t>(t)];
    return e;
}

TEST(AttentionLessonMath, GroupsRowsThatLookAtTheSameSteps)
{
    const WindowExplanation e = explanationOf({ { 0.9f, 0.05f, 0.05f, 0.0f },
        { 0.88f, 0.06f, 0.06f, 0.0f }, { 0.0f, 0.0f, 0.1f, 0.9f } });
    const std::vector<std::vector<int64_t>> groups = alikeRows(e);
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0], (std::vector<int64_t> { 0, 1 }));
    EXPECT_EQ(groups[1], (std::vector<int64_t> { 2 }));
}

TEST(AttentionLessonMath, CountsEffectiveStepsFromOneToT)
{
    const WindowExplanation e
        = explanationOf({ { 1.0f, 0.0f, 0.0f, 0.0f }, { 0.25f, 0.25f, 0.25f, 0.25f } });
    EXPECT_NEAR(effectiveStepsOf(e.attention, 0), 1.0, 1e-9);
    EXPECT_NEAR(effectiveStepsOf(e.attention, 1), 4.0, 1e-6);
}

TEST(AttentionLessonMath, SummarisesDropoutTrials)
{
    DropoutTrials trials;
    trials.firstAttention = FloatArray::zeros({ 2, 1 });
    trials.firstAttention.values = { 0.0f, 1.0f / 0.7f };
    trials.scores = { 0.2f, 0.4f };
    trials.heaviestDropped = { 1 };
    const DropoutSummary summary = summariseDropout(trials, 0.3);
    EXPECT_NEAR(summary.keptScale, 1.0 / 0.7, 1e-12);
    ASSERT_EQ(summary.firstRowSums.size(), 1u);
    EXPECT_NEAR(summary.firstRowSums[0], 1.0 / 0.7, 1e-6); // no longer 1
    EXPECT_EQ(summary.firstZeroed, 1);
    EXPECT_NEAR(summary.meanScore, 0.3, 1e-6);
    EXPECT_NEAR(summary.scoreDeviation, 0.1, 1e-6);
    EXPECT_NEAR(summary.heaviestDroppedShare[0], 0.5, 1e-12);
}

} // namespace
} // namespace vigil::analysis
