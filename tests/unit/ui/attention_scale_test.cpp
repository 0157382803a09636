// One scale everywhere: by default the heatmaps, the window detail and the thumbnails show the
// softmax weights themselves (each window's sum to 1), on a fixed log scale from 1/1000 to 1, so
// a row that looks at a few snippets and away from the rest is readable. weight × T, where 1 is
// uniform attention in a window of any length (a short last window is not drawn hotter only
// because 1/2 > 1/4), is the View menu's labelled option, on a fixed diverging log scale. The
// menu switches every view together and the legend says which number the colours are.

#include "tests/unit/ui/fake_engine.h"
#include "tests/unit/ui/heatmap_harness.h"
#include "ui/explain/window_detail_view.h"
#include "ui/main/main_window.h"
#include "ui/plots/color_map.h"
#include "ui/plots/matrix_painter.h"
#include "ui/timeline/attention_heatmap_view.h"
#include "ui/timeline/attention_scale.h"
#include "ui/timeline/attention_thumbnails.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_viewport.h"

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

TEST(AttentionScale, RawWeightsOnALogScaleAreTheDefault)
{
    vigil::test::HeatmapHarness harness(fullAndShortWindows(), 24, 240, 120);
    AttentionHeatmapView& view = harness.view;
    ASSERT_EQ(view.scale(), AttentionScale::RawWeight);
    const ColorScale raw = view.colorScale();
    EXPECT_EQ(raw.kind, ColorScale::Kind::Log);
    EXPECT_TRUE(raw.label.startsWith(QStringLiteral("weight (a window's sum to 1), log scale")));
    EXPECT_TRUE(view.legend().contains(QStringLiteral("mean over the windows")));
    // The short window's uniform 1/2 is another colour than the full one's 1/4: raw weights.
    EXPECT_EQ(cellColor(view, 18.5, 0), raw.colorOf(0.5));
    EXPECT_EQ(cellColor(view, 2.5, 0), raw.colorOf(0.25));
    EXPECT_EQ(cellColor(view, 1.5, 1), raw.colorOf(0.7));
    // Twice the weight is the same step up the map anywhere along it; 1/1000 is the floor.
    EXPECT_NEAR(raw.positionOf(0.02) - raw.positionOf(0.01),
        raw.positionOf(0.8) - raw.positionOf(0.4), 1e-12);
    EXPECT_EQ(raw.colorOf(1.0), viridis(1.0));
    EXPECT_EQ(raw.colorOf(0.001), viridis(0.0));
    EXPECT_EQ(raw.colorOf(0.0), viridis(0.0));
    EXPECT_EQ(raw.textOf(0.001), QStringLiteral("0.001"));
    EXPECT_EQ(raw.textOf(1.0), QStringLiteral("1"));
}

TEST(AttentionScale, WeightTimesStepsDrawsUniformAttentionAlikeInWindowsOfAnyLength)
{
    vigil::test::HeatmapHarness harness(fullAndShortWindows(), 24, 240, 120);
    AttentionHeatmapView& view = harness.view;
    const QImage rawLegend = view.grab().toImage().copy(0, 0, view.width(), 16);

    // The option: × T, where both windows' uniform rows are 1, the neutral middle.
    view.setScale(AttentionScale::WeightTimesSteps);
    const ColorScale ratio = view.colorScale();
    EXPECT_TRUE(
        ratio.label.startsWith(QStringLiteral("weight × T (a window's sum to T; 1 = uniform")));
    ASSERT_TRUE(ratio.marked);
    EXPECT_DOUBLE_EQ(*ratio.marked, 1.0);
    EXPECT_EQ(cellColor(view, 2.5, 0), cellColor(view, 18.5, 0));
    EXPECT_EQ(cellColor(view, 18.5, 0), ratio.colorOf(1.0));
    EXPECT_EQ(ratio.colorOf(1.0), diverging(0.5)) << "uniform is the middle of the scale";
    // 0.7 × 4 = 2.8 looks here (red side), 0.1 × 4 = 0.4 looks away (blue side).
    EXPECT_EQ(cellColor(view, 1.5, 1), ratio.colorOf(2.8));
    EXPECT_GT(ratio.colorOf(2.8).red(), ratio.colorOf(2.8).blue());
    EXPECT_GT(ratio.colorOf(0.4).blue(), ratio.colorOf(0.4).red());
    EXPECT_NE(view.grab().toImage().copy(0, 0, view.width(), 16), rawLegend);
    // The tooltip gives the numbers of the scale shown.
    const QRectF plot = view.plotRect();
    EXPECT_TRUE(view.describeAt(QPointF(view.axis().xOf(18.5), plot.top() + 2))
                    .contains(QStringLiteral("row 0: mean 1.00; in window 1: 1.00")));
}

TEST(AttentionScale, TheScaleIsTheSameForEveryWindowAndResult)
{
    // A scale that followed the data would paint exactly uniform attention (every weight 1/T)
    // as the hottest colour on screen.
    const ColorScale scale = attentionColorScale(AttentionScale::WeightTimesSteps);
    EXPECT_DOUBLE_EQ(scale.low, 1.0 / 32);
    EXPECT_DOUBLE_EQ(scale.high, 32.0);
    EXPECT_DOUBLE_EQ(scale.positionOf(1.0), 0.5);
    EXPECT_NEAR(scale.positionOf(4.0) - 0.5, 0.5 - scale.positionOf(0.25), 1e-12)
        << "×4 and ÷4 lie as far from uniform";
    EXPECT_DOUBLE_EQ(scale.positionOf(1000.0), 1.0);
    EXPECT_DOUBLE_EQ(scale.positionOf(0.0), 0.0);
    EXPECT_EQ(scale.textOf(1.0 / 32), QStringLiteral("1/32"));
    EXPECT_EQ(scale.textOf(32.0), QStringLiteral("32"));
}

TEST(AttentionScale, TheWindowDetailUsesTheHeatmapsScale)
{
    WindowDetailView detail;
    detail.resize(520, 280);
    detail.setResult(fullAndShortWindows());
    EXPECT_EQ(detail.scale(), AttentionScale::RawWeight);
    EXPECT_EQ(detail.colorScale().kind, ColorScale::Kind::Log);
    EXPECT_TRUE(detail.caption().contains(QStringLiteral("weight (a window's sum to 1)")));
    detail.setScale(AttentionScale::WeightTimesSteps);
    EXPECT_EQ(detail.colorScale().kind, ColorScale::Kind::LogDiverging);
    EXPECT_TRUE(detail.caption().contains(QStringLiteral("weight × T (a window's sum to T")));
}

TEST(AttentionScale, TheViewMenuSwitchesEveryAttentionViewTogether)
{
    MainWindow window(vigil::test::fakeEngine(4));
    auto* action = window.findChild<QAction*>(QStringLiteral("attentionScaleAction"));
    ASSERT_NE(action, nullptr);
    bool isInViewMenu = false;
    for (QObject* owner : action->associatedObjects())
        if (auto* menu = qobject_cast<QMenu*>(owner))
            isInViewMenu = isInViewMenu || menu->title() == QStringLiteral("&View");
    EXPECT_TRUE(isInViewMenu);
    EXPECT_TRUE(action->text().contains(QStringLiteral("weight × &T")));
    ASSERT_TRUE(action->isCheckable());
    EXPECT_FALSE(action->isChecked()) << "the weights themselves are the default";
    EXPECT_EQ(window.timelinePanel()->heatmap()->scale(), AttentionScale::RawWeight);
    EXPECT_EQ(window.windowDetail()->scale(), AttentionScale::RawWeight);
    EXPECT_EQ(window.thumbnails()->scale(), AttentionScale::RawWeight);
    action->trigger();
    EXPECT_EQ(window.timelinePanel()->heatmap()->scale(), AttentionScale::WeightTimesSteps);
    EXPECT_EQ(window.windowDetail()->scale(), AttentionScale::WeightTimesSteps);
    EXPECT_EQ(window.thumbnails()->scale(), AttentionScale::WeightTimesSteps);
    action->trigger();
    EXPECT_EQ(window.timelinePanel()->heatmap()->scale(), AttentionScale::RawWeight);
    EXPECT_EQ(window.windowDetail()->scale(), AttentionScale::RawWeight);
    EXPECT_EQ(window.thumbnails()->scale(), AttentionScale::RawWeight);
}

} // namespace
