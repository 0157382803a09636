// WindowStream scores windows as their steps arrive, in batches of any size, and agrees with
// scoring the whole sequence at once on every whole window.

#include "core/analysis/window_scoring.h"
#include "core/analysis/window_stream.h"

#include <gtest/gtest.h>

#include <cmath>

namespace vigil::analysis {
namespace {

// Score: mean of feature 0 over steps and crops; attention row k peaks at step k.
class PositionScorer : public WindowScorer {
public:
    WindowScore score(const FloatArray& window) const override
    {
        const int64_t crops = window.dim(0), steps = window.dim(1), size = window.dim(2);
        WindowScore result;
        result.attention = FloatArray::zeros({ crops, steps, 2 });
        for (int64_t c = 0; c < crops; ++c) {
            double sum = 0.0;
            for (int64_t t = 0; t < steps; ++t) {
                sum += window.values[static_cast<size_t>((c * steps + t) * size)];
                for (int64_t k = 0; k < 2; ++k)
                    result.attention.values[static_cast<size_t>((c * steps + t) * 2 + k)]
                        = static_cast<float>(std::exp(-std::abs(t - k - c)));
            }
            result.cropScores.push_back(static_cast<float>(sum / steps));
        }
        return result;
    }
    int64_t featureSize() const override { return 3; }
    int64_t attentionRows() const override { return 2; }
};

FloatArray steps(int64_t first, int64_t count, int64_t crops)
{
    FloatArray features = FloatArray::zeros({ count, crops, 3 });
    for (int64_t t = 0; t < count; ++t)
        for (int64_t c = 0; c < crops; ++c)
            features.values[static_cast<size_t>((t * crops + c) * 3)]
                = static_cast<float>((first + t) * 0.1 + c);
    return features;
}

struct StreamCase {
    int64_t window, stride, batch, total;
};

class WindowStreamTest : public ::testing::TestWithParam<StreamCase> { };

TEST_P(WindowStreamTest, ScoresEveryWholeWindowAsTheFullSequenceWould)
{
    const StreamCase c = GetParam();
    PositionScorer scorer;
    WindowStream stream(scorer, { c.window, c.stride }, 16);
    int64_t appended = 0;
    while (appended < c.total) {
        const int64_t count = std::min(c.batch, c.total - appended);
        const int64_t before = stream.windowCount();
        const int scored = stream.append(steps(appended, count, 2));
        appended += count;
        EXPECT_EQ(stream.windowCount(), before + scored);
        // Every window whose last step has arrived is scored, and no other.
        const int64_t whole = appended < c.window ? 0 : (appended - c.window) / c.stride + 1;
        EXPECT_EQ(stream.windowCount(), whole) << "after " << appended << " steps";
    }
    const std::vector<WindowResult> full
        = scoreWindows(steps(0, c.total, 2), scorer, { c.window, c.stride });
    const AnalysisResult partial = stream.partialResult({});
    ASSERT_LE(partial.windows.size(), full.size());
    for (size_t w = 0; w < partial.windows.size(); ++w) {
        SCOPED_TRACE(w);
        EXPECT_EQ(partial.windows[w].firstStep, full[w].firstStep);
        EXPECT_EQ(partial.windows[w].lastStep, full[w].lastStep);
        EXPECT_EQ(partial.windows[w].firstFrame, full[w].firstStep * 16);
        EXPECT_EQ(partial.windows[w].lastFrame, (full[w].lastStep + 1) * 16 - 1);
        EXPECT_FLOAT_EQ(partial.windows[w].score, full[w].score);
        EXPECT_EQ(partial.windows[w].attention.values, full[w].attention.values);
    }
    if (!partial.windows.empty()) {
        EXPECT_EQ(partial.steps, partial.windows.back().lastStep + 1);
        EXPECT_EQ(static_cast<int64_t>(partial.frameScores.size()), partial.steps * 16);
        EXPECT_FLOAT_EQ(partial.frameScores[0], partial.windows[0].score);
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, WindowStreamTest,
    ::testing::Values(StreamCase { 4, 4, 1, 18 }, StreamCase { 4, 4, 3, 16 },
        StreamCase { 4, 2, 1, 11 }, StreamCase { 5, 2, 7, 30 }, StreamCase { 32, 32, 8, 20 }));

TEST(WindowStream, RejectsStepsOfAnotherShape)
{
    PositionScorer scorer;
    WindowStream stream(scorer, { 4, 4 }, 16);
    stream.append(steps(0, 2, 2));
    EXPECT_THROW(stream.append(steps(2, 2, 1)), std::invalid_argument);
}

} // namespace
} // namespace vigil::analysis
