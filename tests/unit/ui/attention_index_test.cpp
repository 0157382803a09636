// The rule behind every attention view: a snippet's weight is the mean, over the windows that
// contain it, of the weight each gave it. With overlapping windows (the demo: 8 steps, stride
// 1) the heatmap once showed, for each snippet, the weight of the one window that starts there,
// so an event every window looks at was drawn "looked away" while the window detail showed it
// hot.

#include "core/analysis/snippet_place.h"
#include "ui/plots/plot_axes.h"
#include "ui/timeline/attention_heatmap_view.h"
#include "ui/timeline/attention_index.h"
#include "ui/timeline/attention_scale.h"
#include "ui/timeline/timeline_viewport.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using namespace vigil::ui;
using vigil::FloatArray;
using vigil::analysis::AnalysisResult;
using vigil::analysis::WindowResult;

constexpr int64_t kFramesPerStep = 4;

// Windows of `windowSteps` steps at stride 1 over `steps` steps, one row. Window w gives step
// firstStep + t the weight weightOf(w, t); rows are normalised to sum to 1.
template <typename WeightOf>
std::shared_ptr<AnalysisResult> strideOneResult(
    int64_t steps, int64_t windowSteps, WeightOf weightOf)
{
    auto result = std::make_shared<AnalysisResult>();
    result->steps = steps;
    result->protocol = { kFramesPerStep, { windowSteps, 1 } };
    result->video.frames = steps * kFramesPerStep + 2; // two frames after the last snippet
    result->video.fps = 10.0;
    result->frameScores.assign(static_cast<size_t>(result->video.frames), 0.5f);
    for (int64_t w = 0; w + windowSteps <= steps; ++w) {
        WindowResult window;
        window.firstStep = w;
        window.lastStep = w + windowSteps - 1;
        window.firstFrame = w * kFramesPerStep;
        window.lastFrame = (w + windowSteps) * kFramesPerStep - 1;
        std::vector<float> weights;
        for (int64_t t = 0; t < windowSteps; ++t)
            weights.push_back(weightOf(w, t));
        float sum = 0.0f;
        for (float weight : weights)
            sum += weight;
        for (float& weight : weights)
            weight /= sum;
        window.attention = FloatArray { { 1, windowSteps }, weights };
        result->windows.push_back(window);
    }
    return result;
}

TEST(AttentionIndex, ASnippetsWeightIsTheMeanOverTheWindowsThatContainIt)
{
    // 6 steps, windows of 3: [0-2] [1-3] [2-4] [3-5]; window w weighs its t-th step w + t + 1.
    const auto result
        = strideOneResult(6, 3, [](int64_t w, int64_t t) { return static_cast<float>(w + t + 1); });
    const AttentionIndex index(result.get());
    auto weight = [&](int64_t w, int64_t t) {
        return static_cast<double>(
            result->windows[static_cast<size_t>(w)].attention.values[static_cast<size_t>(t)]);
    };
    const std::vector<std::vector<std::pair<int64_t, int64_t>>> holders = {
        { { 0, 0 } }, // step 0: only window 0, at its first step
        { { 0, 1 }, { 1, 0 } }, { { 0, 2 }, { 1, 1 }, { 2, 0 } }, { { 1, 2 }, { 2, 1 }, { 3, 0 } },
        { { 2, 2 }, { 3, 1 } }, { { 3, 2 } }, // step 5: only the last window, at its last step
    };
    for (int64_t step = 0; step < 6; ++step) {
        SCOPED_TRACE(testing::Message() << "step " << step);
        double sum = 0.0;
        for (const auto& [w, t] : holders[static_cast<size_t>(step)])
            sum += weight(w, t);
        const auto count = static_cast<int>(holders[static_cast<size_t>(step)].size());
        EXPECT_EQ(index.windowsAveraged(step, 0), count);
        EXPECT_NEAR(index.meanAtStep(step, 0, AttentionScale::RawWeight), sum / count, 1e-6);
        EXPECT_NEAR(
            index.meanAtStep(step, 0, AttentionScale::WeightTimesSteps), 3 * sum / count, 1e-6);
        // Every frame of the step has it, the frames after the last snippet too.
        EXPECT_NEAR(index.valueAt(step * kFramesPerStep + 3, 0, AttentionScale::RawWeight),
            sum / count, 1e-6);
    }
    EXPECT_NEAR(index.valueAt(25, 0, AttentionScale::RawWeight),
        index.meanAtStep(5, 0, AttentionScale::RawWeight), 1e-9);
    EXPECT_LT(index.meanAtStep(6, 0, AttentionScale::RawWeight), 0.0) << "past the steps";
    EXPECT_LT(index.meanAtStep(2, 1, AttentionScale::RawWeight), 0.0) << "no row 1";
}

TEST(AttentionIndex, GivesTheWeightEachWindowGaveAStepAndNoneOutsideIt)
{
    const auto result
        = strideOneResult(6, 3, [](int64_t w, int64_t t) { return static_cast<float>(w + t + 1); });
    const AttentionIndex index(result.get());
    EXPECT_FLOAT_EQ(static_cast<float>(index.weightInWindow(2, 3, 0, AttentionScale::RawWeight)),
        result->windows[2].attention.values[1]);
    EXPECT_FLOAT_EQ(
        static_cast<float>(index.weightInWindow(2, 3, 0, AttentionScale::WeightTimesSteps)),
        3 * result->windows[2].attention.values[1]);
    EXPECT_LT(index.weightInWindow(2, 1, 0, AttentionScale::RawWeight), 0.0);
    EXPECT_LT(index.weightInWindow(2, 5, 0, AttentionScale::RawWeight), 0.0);
    EXPECT_LT(index.weightInWindow(9, 3, 0, AttentionScale::RawWeight), 0.0);
}

// The demo's case: windows of 8 at stride 1, and every window that holds the event's snippet
// gives it 0.96.
std::shared_ptr<AnalysisResult> eventEveryWindowLooksAt(int64_t event)
{
    return strideOneResult(
        40, 8, [event](int64_t w, int64_t t) { return w + t == event ? 0.96f * 7 / 0.04f : 1.0f; });
}

TEST(AttentionIndex, TheHeatmapIsHotWhereTheWindowUnderThePlayheadIsHot)
{
    const int64_t event = 20;
    const auto result = eventEveryWindowLooksAt(event);
    const AttentionIndex index(result.get());
    for (int64_t playhead = event - 7; playhead <= event; ++playhead) {
        SCOPED_TRACE(testing::Message() << "playhead at step " << playhead);
        const int shown = index.windowOfStep(playhead);
        const WindowResult& window = *index.window(shown);
        ASSERT_LE(window.firstStep, event);
        ASSERT_GE(window.lastStep, event);
        // The hottest snippet of the window detail's window is the heatmap's hottest there.
        int64_t hottestInWindow = -1;
        int64_t hottestInHeatmap = -1;
        double best = -1.0;
        double bestMean = -1.0;
        for (int64_t step = window.firstStep; step <= window.lastStep; ++step) {
            const double weight = index.weightInWindow(shown, step, 0, AttentionScale::RawWeight);
            const double mean = index.meanAtStep(step, 0, AttentionScale::RawWeight);
            if (weight > best)
                std::tie(best, hottestInWindow) = std::make_pair(weight, step);
            if (mean > bestMean)
                std::tie(bestMean, hottestInHeatmap) = std::make_pair(mean, step);
        }
        EXPECT_EQ(hottestInWindow, event);
        EXPECT_EQ(hottestInHeatmap, event);
    }
    EXPECT_NEAR(index.meanAtStep(event, 0, AttentionScale::RawWeight), 0.96, 1e-5);
    EXPECT_EQ(index.windowsAveraged(event, 0), 8);
    // The step before it: 1/175 in the 7 windows that hold the event, 1/8 in the one that
    // does not.
    EXPECT_NEAR(
        index.meanAtStep(event - 1, 0, AttentionScale::RawWeight), (7.0 / 175 + 1.0 / 8) / 8, 1e-6);
}

TEST(AttentionIndex, GivesASnippetsFramesAndTimesByCoresOneRule)
{
    const auto result = eventEveryWindowLooksAt(20);
    const AttentionIndex index(result.get());
    for (const int64_t step : { int64_t { 0 }, int64_t { 17 }, int64_t { 39 } }) {
        SCOPED_TRACE(step);
        const vigil::analysis::SnippetPlace expected = vigil::analysis::snippetPlace(
            step, kFramesPerStep, 40, result->video.frames, result->framePtsUs, 10.0);
        const vigil::analysis::SnippetPlace place = index.placeOf(step, 25.0);
        EXPECT_EQ(place.firstFrame, expected.firstFrame);
        EXPECT_EQ(place.lastFrame, expected.lastFrame);
        EXPECT_DOUBLE_EQ(place.startS, expected.startS) << "the result's frame rate, not 25";
        EXPECT_DOUBLE_EQ(place.endS, expected.endS);
    }
    EXPECT_EQ(index.placeOf(39, 25.0).lastFrame, 161) << "the frames after the last snippet";
}

TEST(Heatmap, PaintsAnEventEveryWindowLooksAtHotAndSaysHowItWasAveraged)
{
    const int64_t event = 20;
    TimelineViewport viewport;
    AttentionHeatmapView view(&viewport);
    view.resize(kPlotLeftMarginPx + 400 + kPlotRightMarginPx, 100);
    viewport.setFrameCount(162);
    view.setResult(eventEveryWindowLooksAt(event));
    ASSERT_EQ(view.scale(), AttentionScale::RawWeight);
    const QImage image = view.grab().toImage();
    const QRectF plot = view.plotRect();
    const int y = static_cast<int>(plot.center().y());
    auto colorAtStep = [&](int64_t step) {
        return image.pixelColor(
            static_cast<int>(view.axis().xOf((step + 0.5) * kFramesPerStep)), y);
    };
    const ColorScale colors = view.colorScale();
    EXPECT_EQ(colorAtStep(event), colors.colorOf(0.96));
    EXPECT_EQ(colorAtStep(event - 3),
        colors.colorOf(view.index().meanAtStep(event - 3, 0, AttentionScale::RawWeight)));
    EXPECT_NE(colorAtStep(event), colorAtStep(event - 3));
    // The tooltip gives the rule, how many windows it averaged, and the playhead's window.
    view.setPlayheadFrame((event - 2) * kFramesPerStep);
    const QString text = view.describeAt(
        QPointF(view.axis().xOf((event + 0.5) * kFramesPerStep), plot.center().y()));
    EXPECT_TRUE(text.contains(QStringLiteral("the mean of the weights the 8 windows")));
    EXPECT_TRUE(text.contains(QStringLiteral("Window 18, under the playhead")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("row 0: mean 0.960; in window 18: 0.960")));
    EXPECT_TRUE(text.contains(QStringLiteral("0:08.0–0:08.4")))
        << "snippet 20 of 4 frames at 10 fps";
}

} // namespace
