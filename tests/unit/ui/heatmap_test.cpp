// Colour mapping and the attention lookup behind the heatmaps and the window detail.

#include "tests/unit/ui/heatmap_harness.h"
#include "ui/plots/color_map.h"
#include "ui/plots/matrix_painter.h"
#include "ui/timeline/attention_heatmap_view.h"
#include "ui/timeline/attention_index.h"
#include "ui/timeline/attention_scale.h"
#include "ui/timeline/timeline_viewport.h"

#include <gtest/gtest.h>

namespace {

using namespace vigil::ui;
using vigil::FloatArray;

TEST(Heatmap, ViridisRunsFromDarkPurpleToYellowAndClamps)
{
    EXPECT_EQ(viridis(0.0), QColor(68, 1, 84));
    EXPECT_EQ(viridis(1.0), QColor(253, 231, 37));
    EXPECT_EQ(viridis(-3.0), viridis(0.0));
    EXPECT_EQ(viridis(7.0), viridis(1.0));
    EXPECT_EQ(viridis(std::nan("")), viridis(0.0));
    // Ordered for the eye: luma (what greyscale prints keep) never falls along the map.
    double previous = -1.0;
    for (int i = 0; i <= 100; ++i) {
        const QColor c = viridis(i / 100.0);
        const double luma = 0.299 * c.red() + 0.587 * c.green() + 0.114 * c.blue();
        EXPECT_GT(luma, previous) << "at " << i;
        previous = luma;
    }
}

TEST(Heatmap, ScalesWeightsToTheLargestWeight)
{
    EXPECT_EQ(viridisScaled(0.25, 0.5), viridis(0.5));
    EXPECT_EQ(viridisScaled(0.5, 0.5), viridis(1.0));
    EXPECT_EQ(viridisScaled(0.3, 0.0), viridis(0.0));
}

// Two windows of 2 steps, 2 rows, 4 frames a step; 18 frames (the last two after the last step).
std::shared_ptr<vigil::analysis::AnalysisResult> twoWindowResult()
{
    auto result = std::make_shared<vigil::analysis::AnalysisResult>();
    result->steps = 4;
    result->protocol = { 4, 2, 2 };
    result->video.frames = 18;
    result->frameScores.assign(18, 0.5f);
    for (int w = 0; w < 2; ++w) {
        vigil::analysis::WindowResult window;
        window.firstStep = 2 * w;
        window.lastStep = 2 * w + 1;
        window.firstFrame = 8 * w;
        window.lastFrame = w == 0 ? 7 : 17;
        window.attention
            = FloatArray { { 2, 2 }, { 0.1f + w * 0.1f, 0.9f - w * 0.1f, 0.6f, 0.4f } };
        result->windows.push_back(window);
    }
    return result;
}

TEST(Heatmap, IndexFindsTheWindowStepAndWeightOfEveryFrame)
{
    const auto result = twoWindowResult();
    const AttentionIndex index(result.get());
    EXPECT_EQ(index.rows(), 2);
    EXPECT_FLOAT_EQ(index.maxWeight(), 0.9f);
    EXPECT_EQ(index.stepOfFrame(5), 1);
    EXPECT_EQ(index.stepOfFrame(17), 3) << "frames after the last step belong to it";
    EXPECT_EQ(index.windowOfFrame(7), 0);
    EXPECT_EQ(index.windowOfFrame(8), 1);
    EXPECT_FLOAT_EQ(index.weightAt(4, 0), 0.9f);
    EXPECT_FLOAT_EQ(index.weightAt(9, 0), 0.2f);
    EXPECT_FLOAT_EQ(index.weightAt(12, 1), 0.4f);
    EXPECT_LT(index.weightAt(0, 2), 0.0f);
}

TEST(Heatmap, PaintsEachCellInTheColourOfItsWeight)
{
    vigil::test::HeatmapHarness harness(twoWindowResult(), 18, 180, 108);
    AttentionHeatmapView& view = harness.view;
    const QImage image = view.grab().toImage();
    const QRectF plot = view.plotRect();
    // Frame 5 (step 1, row 0): 0.9; frame 13 (step 3, row 1): 0.4, each the weight of the one
    // window that holds it. The colours are those of the fixed scale of raw weights (the
    // default), not of the largest weight on screen.
    const FrameAxis axis = view.axis();
    const QPoint row1(
        static_cast<int>(axis.xOf(5.5)), static_cast<int>(plot.top() + plot.height() * 0.25));
    const QPoint row2(
        static_cast<int>(axis.xOf(13.5)), static_cast<int>(plot.top() + plot.height() * 0.75));
    const ColorScale scale = attentionColorScale(AttentionScale::RawWeight);
    EXPECT_EQ(QColor(image.pixel(row1)), scale.colorOf(0.9));
    EXPECT_EQ(QColor(image.pixel(row2)), scale.colorOf(0.4));
    // Windows and rows counted from 0, as everywhere; one window holds each snippet.
    EXPECT_TRUE(view.describeAt(row2).contains(QStringLiteral("Window 1")));
    EXPECT_TRUE(view.describeAt(row2).contains(
        QStringLiteral("the weight the one window holding it gave it")));
    EXPECT_TRUE(
        view.describeAt(row2).contains(QStringLiteral("row 1: mean 0.400; in window 1: 0.400")));
}

} // namespace
