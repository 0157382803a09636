// The timeline's geometry and interaction: x <-> frame under zoom, pan limits, the min/max
// envelope, threshold dragging and click-to-seek.

#include "core/analysis/analysis_result.h"
#include "ui/timeline/score_envelope.h"
#include "ui/timeline/timeline_view.h"
#include "ui/timeline/timeline_viewport.h"

#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace {

using namespace vigil::ui;

std::shared_ptr<vigil::analysis::AnalysisResult> resultWithScores(std::vector<float> scores)
{
    auto result = std::make_shared<vigil::analysis::AnalysisResult>();
    result->frameScores = std::move(scores);
    result->video.frames = static_cast<int64_t>(result->frameScores.size());
    return result;
}

TEST(Timeline, FrameAxisMapsFramesToPixelsAndBack)
{
    const FrameAxis axis { 100.0, 50.0, 64.0, 500.0 };
    EXPECT_DOUBLE_EQ(axis.xOf(100.0), 64.0);
    EXPECT_DOUBLE_EQ(axis.xOf(150.0), 564.0);
    for (double frame : { 100.0, 117.25, 149.9 })
        EXPECT_NEAR(axis.frameAt(axis.xOf(frame)), frame, 1e-9);
}

TEST(Timeline, ZoomKeepsTheFrameUnderTheCursorInPlace)
{
    TimelineViewport viewport;
    viewport.setFrameCount(10000);
    const FrameAxis before = viewport.axis(64, 1000);
    const double anchor = 2500.0;
    const double anchorX = before.xOf(anchor);
    viewport.zoomAround(anchor, 0.25);
    const FrameAxis after = viewport.axis(64, 1000);
    EXPECT_NEAR(after.visibleFrames, 2500.0, 1e-9);
    EXPECT_NEAR(after.xOf(anchor), anchorX, 1e-6);
    viewport.zoomAround(anchor, 1e-6);
    EXPECT_DOUBLE_EQ(viewport.visibleFrames(), TimelineViewport::kMinVisibleFrames);
    viewport.zoomAround(anchor, 1e6);
    EXPECT_DOUBLE_EQ(viewport.visibleFrames(), 10000.0);
    EXPECT_DOUBLE_EQ(viewport.firstFrame(), 0.0);
}

TEST(Timeline, PanStaysInsideTheVideo)
{
    TimelineViewport viewport;
    viewport.setFrameCount(1000);
    viewport.zoomAround(0, 0.1);
    viewport.panBy(-500);
    EXPECT_DOUBLE_EQ(viewport.firstFrame(), 0.0);
    viewport.panBy(5000);
    EXPECT_DOUBLE_EQ(viewport.firstFrame(), 900.0);
    viewport.ensureVisible(10);
    EXPECT_LE(viewport.firstFrame(), 10.0);
    EXPECT_GT(viewport.firstFrame() + viewport.visibleFrames(), 10.0);
}

TEST(Timeline, EnvelopeMatchesABruteForceMinMax)
{
    std::mt19937 random(7);
    std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
    std::vector<float> scores(5000);
    std::generate(scores.begin(), scores.end(), [&] { return uniform(random); });
    const ScoreEnvelope envelope(scores);
    for (auto [first, last] :
        { std::pair<int64_t, int64_t> { 0, 0 }, { 3, 9 }, { 100, 163 }, { 17, 4999 } }) {
        SCOPED_TRACE(first);
        const ScoreEnvelope::Range range = envelope.range(first, last);
        const auto [lo, hi]
            = std::minmax_element(scores.begin() + first, scores.begin() + last + 1);
        // Edge blocks may widen the range a little, never narrow it.
        EXPECT_LE(range.min, *lo);
        EXPECT_GE(range.max, *hi);
        if (last - first < 16) {
            EXPECT_EQ(range.min, *lo);
            EXPECT_EQ(range.max, *hi);
        }
    }
}

TEST(Timeline, MapsXToFrameUnderZoom)
{
    TimelineViewport viewport;
    TimelineView view(&viewport);
    view.resize(64 + 1000 + kPlotRightMarginPx, 160);
    viewport.setFrameCount(2000);
    EXPECT_EQ(view.frameAtX(64.0), 0);
    EXPECT_EQ(view.frameAtX(64.0 + 500.0), 1000);
    viewport.zoomAround(1000.0, 0.1); // 200 frames over 1000 px: 5 px a frame
    EXPECT_EQ(view.frameAtX(64.0 + 500.0), 1000);
    EXPECT_EQ(view.frameAtX(64.0 + 505.0), 1001);
    EXPECT_EQ(view.frameAtX(64.0 + 504.9), 1000);
    EXPECT_EQ(view.frameAtX(-100.0), 867) << "left of the plot: earlier frames, for drags";
    EXPECT_EQ(view.frameAtX(-1e6), 0);
    EXPECT_EQ(view.frameAtX(1e6), 1999);
}

TEST(Timeline, ClickingSeeksToTheFrameUnderTheMouse)
{
    TimelineViewport viewport;
    TimelineView view(&viewport);
    view.resize(64 + 1000 + kPlotRightMarginPx, 160);
    viewport.setFrameCount(1000);
    view.setResult(resultWithScores(std::vector<float>(1000, 0.2f)));
    QSignalSpy seeks(&view, &TimelineView::seekRequested);
    QTest::mouseClick(
        &view, Qt::LeftButton, {}, QPoint(64 + 250, static_cast<int>(view.yOfScore(0.9))));
    ASSERT_EQ(seeks.count(), 1);
    EXPECT_EQ(seeks.at(0).at(0).value<int64_t>(), 250);
}

TEST(Timeline, DraggingTheThresholdLineEmitsThresholdChanged)
{
    TimelineViewport viewport;
    TimelineView view(&viewport);
    view.resize(800, 200);
    viewport.setFrameCount(100);
    QSignalSpy changes(&view, &TimelineView::thresholdChanged);
    QSignalSpy seeks(&view, &TimelineView::seekRequested);
    const int x = 300;
    QTest::mousePress(
        &view, Qt::LeftButton, {}, QPoint(x, static_cast<int>(std::lround(view.yOfScore(0.5)))));
    QTest::mouseMove(&view, QPoint(x, static_cast<int>(std::lround(view.yOfScore(0.8)))));
    QTest::mouseRelease(
        &view, Qt::LeftButton, {}, QPoint(x, static_cast<int>(std::lround(view.yOfScore(0.8)))));
    ASSERT_GE(changes.count(), 1);
    EXPECT_NEAR(changes.last().at(0).toDouble(), 0.8, 0.011);
    EXPECT_NEAR(view.threshold(), 0.8, 0.011);
    EXPECT_EQ(seeks.count(), 0) << "grabbing the threshold must not seek";
}

} // namespace
