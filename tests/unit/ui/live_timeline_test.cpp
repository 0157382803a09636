// The live timeline reads as the file timeline does: score axis, time axis, the --on/--off
// lines with their values, labelled attention rows with a colour bar, a hover tooltip, and the
// time the stream was away drawn at its length with that length written on it. The texts are
// checked where they are laid out (LiveTimelineView::labels) and in the painted picture.

#include "tests/support/test_paths.h"
#include "ui/live/live_timeline_ring.h"
#include "ui/live/live_timeline_view.h"
#include "ui/plots/matrix_painter.h"
#include "ui/timeline/attention_scale.h"
#include "ui/timeline/timeline_viewport.h"

#include <QImage>
#include <QRegularExpression>
#include <gtest/gtest.h>

#include <algorithm>

namespace vigil::ui {
namespace {

// 100 s of 1 s steps scored 0.9 (attention 0.25, 0.75), except: 20..22 s skipped, and the stream
// away from 40 s to 50 s (one NoStream step, as WatchSession reports a reconnection's gap).
LiveTimelineRing ringWithAReconnection()
{
    LiveTimelineRing ring(int64_t { 600 } * 1000000, 1000);
    for (int64_t i = 0; i < 100; ++i) {
        if (i > 40 && i < 50)
            continue;
        live::LiveStep step { i * 1000000, (i + 1) * 1000000, 0.9f, { 0.25f, 0.75f },
            live::LiveStep::Kind::Scored, 2 };
        if (i == 40)
            step = { 40000000, 50000000, std::nullopt, {}, live::LiveStep::Kind::NoStream };
        else if (i >= 20 && i < 22)
            step = { step.startUs, step.endUs, std::nullopt, {}, live::LiveStep::Kind::Skipped };
        ring.push(step);
    }
    return ring;
}

std::vector<PlotLabel> labelsWith(const std::vector<PlotLabel>& labels, const QString& text)
{
    std::vector<PlotLabel> found;
    std::copy_if(labels.begin(), labels.end(), std::back_inserter(found),
        [&](const PlotLabel& label) { return label.text == text; });
    return found;
}

// Whether something other than the background was painted inside rect.
bool hasInk(const QImage& image, const QRectF& rect, const QColor& background)
{
    const QRect box = rect.toAlignedRect().intersected(image.rect());
    for (int y = box.top(); y <= box.bottom(); ++y)
        for (int x = box.left(); x <= box.right(); ++x)
            if (image.pixelColor(x, y) != background)
                return true;
    return false;
}

struct ShownTimeline {
    LiveTimelineRing ring = ringWithAReconnection();
    LiveTimelineView view { &ring };
    ShownTimeline()
    {
        view.resize(800, 260);
        view.setThresholds(0.6f, 0.5f);
        view.setVisibleSpanUs(60000000);
        view.setViewEndUs(60000000); // 0..60 s
    }
};

TEST(LiveTimelineView, LabelsTheScoreAxisLeftOfThePlotAtTheirScores)
{
    ShownTimeline shown;
    const QRectF plot = shown.view.scorePlotRect();
    EXPECT_EQ(plot.left(), kPlotLeftMarginPx); // lined up with the file timeline's plots
    EXPECT_EQ(plot.right(), 800 - kPlotRightMarginPx);
    const std::vector<PlotLabel> labels = shown.view.labels();
    const std::pair<const char*, double> scores[]
        = { { "0.0", plot.bottom() }, { "0.5", plot.center().y() }, { "1.0", plot.top() } };
    for (const auto& [text, y] : scores) {
        SCOPED_TRACE(text);
        const std::vector<PlotLabel> found = labelsWith(labels, text);
        ASSERT_EQ(found.size(), 1u);
        EXPECT_LE(found[0].rect.right(), plot.left());
        EXPECT_NEAR(found[0].rect.center().y(), y, 1.0);
    }
}

TEST(LiveTimelineView, WritesTheTimeAxisUnderTheScoresInStreamSeconds)
{
    ShownTimeline shown;
    const QRectF plot = shown.view.scorePlotRect();
    std::vector<PlotLabel> times;
    for (const PlotLabel& label : shown.view.labels())
        if (QRegularExpression(QStringLiteral("^\\d+:\\d\\d$")).match(label.text).hasMatch())
            times.push_back(label);
    ASSERT_GE(times.size(), 4u); // at least 90 px apart across 656 px
    for (size_t i = 0; i < times.size(); ++i) {
        SCOPED_TRACE(times[i].text.toStdString());
        EXPECT_GE(times[i].rect.top(), plot.bottom());
        EXPECT_LT(times[i].rect.bottom(), shown.view.heatmapRect().top());
        if (i > 0)
            EXPECT_GE(times[i].rect.center().x() - times[i - 1].rect.center().x(), 90.0);
    }
    // 0:00 at the left edge, 1:00 at the right: the ticks are at their seconds.
    const std::vector<PlotLabel> start = labelsWith(times, "0:00");
    const std::vector<PlotLabel> end = labelsWith(times, "1:00");
    ASSERT_EQ(start.size(), 1u);
    ASSERT_EQ(end.size(), 1u);
    EXPECT_NEAR(start[0].rect.center().x(), plot.left(), 1.0);
    EXPECT_NEAR(end[0].rect.center().x(), plot.right(), 1.0);
}

TEST(LiveTimelineView, WritesTheOnAndOffValuesBesideTheirLines)
{
    ShownTimeline shown;
    const QRectF plot = shown.view.scorePlotRect();
    const std::vector<PlotLabel> labels = shown.view.labels();
    const std::vector<PlotLabel> on = labelsWith(labels, "on 0.60");
    const std::vector<PlotLabel> off = labelsWith(labels, "off 0.50");
    ASSERT_EQ(on.size(), 1u);
    ASSERT_EQ(off.size(), 1u);
    const double yOn = plot.bottom() - 0.6 * plot.height();
    const double yOff = plot.bottom() - 0.5 * plot.height();
    EXPECT_GE(on[0].rect.left(), plot.right());
    EXPECT_NEAR(on[0].rect.bottom(), yOn, 1.0); // above its line
    EXPECT_NEAR(off[0].rect.top(), yOff, 1.0); // under its own
    EXPECT_FALSE(on[0].rect.intersects(off[0].rect));
}

TEST(LiveTimelineView, LabelsEachAttentionRowAndSaysWhatItsColoursAre)
{
    ShownTimeline shown;
    const QRectF heatmap = shown.view.heatmapRect();
    const std::vector<PlotLabel> labels = shown.view.labels();
    for (int row = 0; row < 2; ++row) {
        const std::vector<PlotLabel> found
            = labelsWith(labels, QString("row %1").arg(row)); // from 0, as everywhere
        ASSERT_EQ(found.size(), 1u) << row;
        EXPECT_LE(found[0].rect.right(), heatmap.left());
        EXPECT_NEAR(
            found[0].rect.center().y(), heatmap.top() + heatmap.height() * (row + 0.5) / 2, 1.0);
    }
    const std::vector<PlotLabel> legend = labelsWith(labels,
        "colour: each snippet's weight (a window's sum to 1), log scale, in "
        "the window it completed");
    ASSERT_EQ(legend.size(), 1u);
    EXPECT_LE(legend[0].rect.bottom(), heatmap.top());
    // The colour bar right of the rows is the file views' default scale: viridis over the log
    // of the raw weight, yellow (1) at the top, dark purple (1/1000) at the bottom.
    const QImage image = shown.view.grab().toImage();
    const int barX = static_cast<int>(heatmap.right()) + 14;
    const QColor top = image.pixelColor(barX, static_cast<int>(heatmap.top()) + 3);
    const QColor bottom = image.pixelColor(barX, static_cast<int>(heatmap.bottom()) - 3);
    EXPECT_GT(top.green(), 180);
    EXPECT_GT(top.red(), top.blue());
    EXPECT_LT(bottom.green(), 60);
    EXPECT_GT(bottom.blue(), bottom.green());
}

TEST(LiveTimelineView, AYoungWatchsWeightsAreTheWeightsItsShortWindowsGave)
{
    // The first steps are scored in windows of 1, 2, 3, 4 steps; uniform attention there is
    // 1, 1/2, 1/3, 1/4: the weights each got, drawn as the file views draw weights, with × T
    // (uniform: 1 in every window) in the tooltip.
    LiveTimelineRing ring(int64_t { 600 } * 1000000, 100);
    for (int64_t t = 1; t <= 4; ++t) {
        const float uniform = 1.0f / static_cast<float>(t);
        ring.push(
            { (t - 1) * 1000000, t * 1000000, 0.5f, { uniform }, live::LiveStep::Kind::Scored, t });
    }
    LiveTimelineView view(&ring);
    view.resize(800, 260);
    view.setVisibleSpanUs(4000000);
    view.setViewEndUs(4000000);
    const QImage image = view.grab().toImage();
    const QRectF heatmap = view.heatmapRect();
    const int y = static_cast<int>(heatmap.center().y());
    const ColorScale colors = attentionColorScale(AttentionScale::RawWeight);
    for (const int64_t t : { 1, 2, 3, 4 }) {
        SCOPED_TRACE(t);
        const int64_t us = (t - 1) * 1000000 + 500000;
        EXPECT_EQ(image.pixelColor(static_cast<int>(view.xOfUs(us)), y),
            colors.colorOf(1.0 / static_cast<double>(t)));
        EXPECT_TRUE(
            view.hoverTextAt(QPointF(view.xOfUs(us), y)).contains(QStringLiteral("(× T = 1.00)")));
    }
}

TEST(LiveTimelineView, DrawsAReconnectionGapAtItsLengthWithTheLengthWrittenOnIt)
{
    ShownTimeline shown;
    const QRectF plot = shown.view.scorePlotRect();
    const std::vector<PlotLabel> gap = labelsWith(shown.view.labels(), "gap 10.0 s");
    ASSERT_EQ(gap.size(), 1u);
    EXPECT_NEAR(gap[0].rect.center().x(), shown.view.xOfUs(45000000), 1.0);
    EXPECT_GE(gap[0].rect.top(), plot.top());
    // 10 s of the 60 shown: a sixth of the plot's width.
    EXPECT_NEAR(shown.view.xOfUs(50000000) - shown.view.xOfUs(40000000), plot.width() / 6, 0.5);
    const QImage image = shown.view.grab().toImage();
    const int y = static_cast<int>(plot.bottom()) - 10;
    const QColor scored = image.pixelColor(static_cast<int>(shown.view.xOfUs(10500000)), y);
    int hatched = 0; // the hatch's lines cross the grey band
    QColor previous;
    for (int x = static_cast<int>(shown.view.xOfUs(41000000));
         x < static_cast<int>(shown.view.xOfUs(44000000)); ++x) {
        const QColor color = image.pixelColor(x, y);
        EXPECT_NE(color, scored) << x;
        EXPECT_NEAR(color.red(), color.blue(), 8) << "grey, not a colour of the scores";
        hatched += x > 0 && color != previous ? 1 : 0;
        previous = color;
    }
    EXPECT_GT(hatched, 4);
}

TEST(LiveTimelineView, SaysInALegendWhatItsLinesAndBandsMean)
{
    ShownTimeline shown;
    const QRectF plot = shown.view.scorePlotRect();
    const std::vector<PlotLabel> labels = shown.view.labels();
    for (const char* text : { "score (each step)", "not scored (skipped, or window too thin)",
             "no stream", "on: an alert opens", "off: it closes below" }) {
        SCOPED_TRACE(text);
        const std::vector<PlotLabel> found = labelsWith(labels, text);
        ASSERT_EQ(found.size(), 1u);
        EXPECT_TRUE(plot.contains(found[0].rect));
        EXPECT_LT(found[0].rect.left(), plot.center().x()); // over the oldest scores
    }
    // A young watch has scores at the left only: the legend goes right, off them.
    LiveTimelineRing young(int64_t { 600 } * 1000000, 1000);
    young.push({ 0, 10000000, 0.9f, { 0.25f, 0.75f } });
    LiveTimelineView view(&young);
    view.resize(800, 260);
    const std::vector<PlotLabel> legend = labelsWith(view.labels(), "no stream");
    ASSERT_EQ(legend.size(), 1u);
    EXPECT_GT(legend[0].rect.left(), view.xOfUs(10000000));
}

// Also leaves the picture in the test folder for a person to look at.
TEST(LiveTimelineView, PaintsEveryLabelItLaysOut)
{
    ShownTimeline shown;
    const QImage image = shown.view.grab().toImage();
    image.save(QString::fromStdString(test::scratchDir("live-timeline") + "/live-timeline.png"));
    const QColor background = shown.view.palette().color(QPalette::Base);
    for (const PlotLabel& label : shown.view.labels()) {
        SCOPED_TRACE(label.text.toStdString());
        EXPECT_TRUE(hasInk(image, label.rect, background));
    }
}

// With most snippets skipped, every scored step sits alone between unscored ones.
TEST(LiveTimelineView, DrawsAScoredStepThatSitsAloneBetweenUnscoredOnes)
{
    LiveTimelineRing ring(int64_t { 600 } * 1000000, 1000);
    for (int64_t i = 0; i < 60; ++i) {
        const bool isScored = i % 3 == 1;
        ring.push({ i * 1000000, (i + 1) * 1000000,
            isScored ? std::optional<float>(0.9f) : std::nullopt, {},
            isScored
                ? live::LiveStep::Kind::Scored
                : (i % 3 == 0 ? live::LiveStep::Kind::Skipped : live::LiveStep::Kind::Unscored),
            isScored ? 2 : 0 });
    }
    LiveTimelineView view(&ring);
    view.resize(800, 260);
    view.setVisibleSpanUs(60000000);
    view.setViewEndUs(60000000);
    const QImage image = view.grab().toImage();
    const QRectF plot = view.scorePlotRect();
    const double y = plot.top() + (1.0 - 0.9) * plot.height(); // the score axis is 0..1
    int drawn = 0;
    int shown = 0;
    for (int64_t i = 31; i < 58; i += 3) { // right of the middle: the legend is over the oldest
        const int x = static_cast<int>(std::round(view.xOfUs(i * 1000000 + 500000)));
        const QColor pixel = image.pixelColor(x, static_cast<int>(std::round(y)));
        drawn += pixel.blue() > pixel.red() + 40 ? 1 : 0; // the curve's blue
        ++shown;
    }
    EXPECT_EQ(drawn, shown) << "lone steps drawn";
    EXPECT_EQ(view.hoverTextAt(QPointF(view.xOfUs(2500000), plot.center().y())),
        "0:02.0–0:03.0  not scored (too few of its window's steps were scored)");
}

TEST(LiveTimelineView, TooltipTellsTheTimeScoreAndAttentionUnderTheCursor)
{
    ShownTimeline shown;
    const double y = shown.view.scorePlotRect().center().y();
    EXPECT_EQ(shown.view.hoverTextAt(QPointF(shown.view.xOfUs(10500000), y)),
        "0:10.0–0:11.0  score 0.900\nrow 0: 0.250 (× T = 0.50)\nrow 1: 0.750 (× T = 1.50)");
    EXPECT_EQ(shown.view.hoverTextAt(QPointF(shown.view.xOfUs(45000000), y)),
        "0:40.0–0:50.0  no stream (gap 10.0 s)");
    EXPECT_EQ(shown.view.hoverTextAt(QPointF(shown.view.xOfUs(20500000), y)),
        "0:20.0–0:21.0  not scored (skipped to stay live)");
    EXPECT_TRUE(shown.view.hoverTextAt(QPointF(10, y)).isEmpty()); // the axis margin
}

} // namespace
} // namespace vigil::ui
