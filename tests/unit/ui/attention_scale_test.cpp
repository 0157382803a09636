// The attention colours cannot mislead: beside the raw softmax weight, the heatmaps and the
// window detail can show weight × T, where 1 is uniform attention in a window of any length, so
// a short last window is not drawn hotter only because 1/2 > 1/4. The View menu switches both
// views together and the legend says which number the colours are.

#include "tests/unit/ui/fake_engine.h"
#include "ui/attention_heatmap_view.h"
#include "ui/attention_scale.h"
#include "ui/main_window.h"
#include "ui/timeline_panel.h"
#include "ui/timeline_viewport.h"
#include "ui/window_detail_view.h"

#include <QAction>
#include <QMenu>
#include <gtest/gtest.h>

namespace {

using namespace vigil::ui;
using vigil::FloatArray;

// A full window of 4 steps and a short last one of 2, 4 frames a step, 2 rows. Row 1 is uniform
// in both (1/4, then 1/2); row 2 of the first window peaks at 0.7 (× T = 2.8).
std::shared_ptr<vigil::analysis::AnalysisResult> fullAndShortWindows()
{
    auto result = std::make_shared<vigil::analysis::AnalysisResult>();
    result->steps = 6;
    result->protocol = { 4, 4, 4 };
    result->video.frames = 24;
    result->frameScores.assign(24, 0.5f);
    vigil::analysis::WindowResult full;
    full.firstStep = 0;
    full.lastStep = 3;
    full.firstFrame = 0;
    full.lastFrame = 15;
    full.attention
        = FloatArray { { 2, 4 }, { 0.25f, 0.25f, 0.25f, 0.25f, 0.7f, 0.1f, 0.1f, 0.1f } };
    vigil::analysis::WindowResult last = full;
    last.firstStep = 4;
    last.lastStep = 5;
    last.firstFrame = 16;
    last.lastFrame = 23;
    last.attention = FloatArray { { 2, 2 }, { 0.5f, 0.5f, 0.5f, 0.5f } };
    result->windows = { full, last };
    return result;
}

QColor cellColor(AttentionHeatmapView& view, double frame, int row)
{
    const QRectF plot = view.plotRect();
    const QImage image = view.grab().toImage();
    return image.pixelColor(static_cast<int>(view.axis().xOf(frame)),
        static_cast<int>(plot.top() + plot.height() * (row + 0.5) / 2.0));
}

TEST(AttentionScale, WeightTimesStepsDrawsUniformAttentionAlikeInWindowsOfAnyLength)
{
    TimelineViewport viewport;
    AttentionHeatmapView view(&viewport);
    view.resize(kPlotLeftMarginPx + 240 + kPlotRightMarginPx, 120);
    viewport.setFrameCount(24);
    view.setResult(fullAndShortWindows());

    // Raw weights: the short window's uniform 1/2 is drawn hotter than the full one's 1/4.
    ASSERT_EQ(view.scale(), AttentionScale::RawWeight);
    EXPECT_EQ(view.colorScale().label, QStringLiteral("raw weight"));
    EXPECT_EQ(cellColor(view, 18.5, 0), view.colorScale().colorOf(0.5));
    EXPECT_NE(cellColor(view, 2.5, 0), cellColor(view, 18.5, 0));
    const QImage rawLegend = view.grab().toImage().copy(0, 0, view.width(), 16);

    // × T: both are 1, the same colour; the peak 0.7 × 4 = 2.8 is the top of the scale.
    view.setScale(AttentionScale::WeightTimesSteps);
    EXPECT_EQ(view.colorScale().label, QStringLiteral("weight × T, 1 = uniform"));
    EXPECT_NEAR(view.colorScale().high, 0.7 * 4, 1e-6);
    ASSERT_TRUE(view.colorScale().marked);
    EXPECT_DOUBLE_EQ(*view.colorScale().marked, 1.0);
    EXPECT_EQ(cellColor(view, 2.5, 0), cellColor(view, 18.5, 0));
    EXPECT_EQ(cellColor(view, 18.5, 0), view.colorScale().colorOf(1.0));
    EXPECT_EQ(cellColor(view, 1.5, 1), view.colorScale().colorOf(2.8));
    // The legend above the colour bar is drawn and changes with the scale.
    EXPECT_NE(view.grab().toImage().copy(0, 0, view.width(), 16), rawLegend);
    // The tooltip gives both numbers.
    const QRectF plot = view.plotRect();
    EXPECT_TRUE(view.describeAt(QPointF(view.axis().xOf(18.5), plot.top() + 2))
                    .contains(QStringLiteral("row 0: 0.500 (× T = 1.00)")));
}

TEST(AttentionScale, TheWindowDetailUsesTheHeatmapsScale)
{
    WindowDetailView detail;
    detail.resize(520, 280);
    detail.setResult(fullAndShortWindows());
    EXPECT_DOUBLE_EQ(detail.colorScale().high, 0.7f);
    EXPECT_TRUE(detail.caption().contains(QStringLiteral("raw weight")));
    detail.setScale(AttentionScale::WeightTimesSteps);
    EXPECT_NEAR(detail.colorScale().high, 0.7 * 4, 1e-6);
    EXPECT_TRUE(detail.caption().contains(QStringLiteral("weight × T, 1 = uniform")));
}

TEST(AttentionScale, TheViewMenuSwitchesTheHeatmapsAndTheWindowDetailTogether)
{
    MainWindow window(vigil::test::fakeEngine(4));
    auto* action = window.findChild<QAction*>(QStringLiteral("attentionScaleAction"));
    ASSERT_NE(action, nullptr);
    bool isInViewMenu = false;
    for (QObject* owner : action->associatedObjects())
        if (auto* menu = qobject_cast<QMenu*>(owner))
            isInViewMenu = isInViewMenu || menu->title() == QStringLiteral("&View");
    EXPECT_TRUE(isInViewMenu);
    ASSERT_TRUE(action->isCheckable());
    EXPECT_FALSE(action->isChecked());
    EXPECT_EQ(window.timelinePanel()->heatmap()->scale(), AttentionScale::RawWeight);
    action->trigger();
    EXPECT_EQ(window.timelinePanel()->heatmap()->scale(), AttentionScale::WeightTimesSteps);
    EXPECT_EQ(window.windowDetail()->scale(), AttentionScale::WeightTimesSteps);
    action->trigger();
    EXPECT_EQ(window.timelinePanel()->heatmap()->scale(), AttentionScale::RawWeight);
    EXPECT_EQ(window.windowDetail()->scale(), AttentionScale::RawWeight);
}

} // namespace
