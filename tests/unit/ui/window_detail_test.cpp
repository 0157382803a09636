// The window detail says what its numbers are and they add up to what it says: raw weights sum
// to 1 over each row, weight × T to T. Its texts never overlap, from the smallest panel a
// 1024x640 window leaves it to a large one, with three or seven rows of 32 snippets.

#include "ui/explain/window_detail_view.h"

#include <QFontMetricsF>
#include <gtest/gtest.h>

namespace {

using namespace vigil::ui;
using vigil::FloatArray;

// One window of `steps` snippets (4 frames each) and `rows` rows; row k peaks on snippet k.
std::shared_ptr<vigil::analysis::AnalysisResult> oneWindow(int64_t rows, int64_t steps)
{
    auto result = std::make_shared<vigil::analysis::AnalysisResult>();
    result->steps = steps;
    result->protocol = { 4, { steps, steps } };
    result->video.frames = steps * 4;
    result->video.fps = 10.0;
    result->frameScores.assign(static_cast<size_t>(steps * 4), 0.5f);
    vigil::analysis::WindowResult window;
    window.lastStep = steps - 1;
    window.lastFrame = steps * 4 - 1;
    window.attention = FloatArray::zeros({ rows, steps });
    for (int64_t k = 0; k < rows; ++k)
        for (int64_t t = 0; t < steps; ++t)
            window.attention.values[static_cast<size_t>(k * steps + t)]
                = t == k ? 0.5f : 0.5f / static_cast<float>(steps - 1);
    result->windows = { window };
    return result;
}

std::vector<QString> sums(const WindowDetailView& detail)
{
    std::vector<QString> found;
    for (const PlotLabel& label : detail.layout().labels)
        if (label.text.startsWith(QStringLiteral("Σ")))
            found.push_back(label.text);
    return found;
}

TEST(WindowDetail, ItsSumsAgreeWithItsCaptionInBothScales)
{
    WindowDetailView detail;
    detail.resize(600, 320);
    detail.setResult(oneWindow(3, 8));
    detail.setPlayheadFrame(0);
    // Raw weights (the default): the cells are the weights, and each row sums to 1.
    EXPECT_TRUE(detail.caption().contains(QStringLiteral("each row sums to 1")));
    EXPECT_FLOAT_EQ(detail.shownValues().values[0], 0.5f);
    EXPECT_EQ(sums(detail), std::vector<QString>(3, QStringLiteral("Σ 1.00")));
    // × T: the cells are weight × 8, and each row sums to T = 8, as the caption says.
    detail.setScale(AttentionScale::WeightTimesSteps);
    EXPECT_TRUE(detail.caption().contains(QStringLiteral("weight × T (T = 8 snippets)")));
    EXPECT_TRUE(detail.caption().contains(QStringLiteral("each row sums to T")));
    EXPECT_FLOAT_EQ(detail.shownValues().values[0], 4.0f);
    EXPECT_EQ(sums(detail), std::vector<QString>(3, QStringLiteral("Σ 8.00")));
}

class WindowDetailSizes
    : public testing::TestWithParam<std::tuple<QSize, int64_t, AttentionScale>> { };

TEST_P(WindowDetailSizes, NoTwoOfItsTextsOverlapAndEachFitsItsBox)
{
    const auto [size, rows, scale] = GetParam();
    WindowDetailView detail;
    detail.resize(size);
    detail.setScale(scale);
    detail.setResult(oneWindow(rows, 32));
    detail.setPlayheadFrame(0);
    const WindowDetailView::Layout layout = detail.layout();
    ASSERT_FALSE(layout.matrix.isEmpty());
    const QFontMetricsF metrics(detail.font());
    std::vector<std::pair<QRectF, QString>> boxes { { layout.title, QStringLiteral("title") },
        { layout.caption, QStringLiteral("caption") },
        { layout.matrix, QStringLiteral("matrix") } };
    if (!layout.subtitle.isEmpty())
        boxes.push_back({ layout.subtitle, QStringLiteral("subtitle") });
    for (const PlotLabel& label : layout.labels) {
        SCOPED_TRACE(label.text.toStdString());
        EXPECT_LE(metrics.horizontalAdvance(label.text), label.rect.width() + 0.5);
        EXPECT_GE(label.rect.left(), 0.0);
        EXPECT_LE(label.rect.right(), size.width() + 0.5);
        boxes.push_back({ label.rect, label.text });
    }
    int rowLabels = 0;
    for (const PlotLabel& label : layout.labels)
        rowLabels += label.text.startsWith(QStringLiteral("row ")) ? 1 : 0;
    EXPECT_GE(rowLabels, 1);
    for (size_t i = 0; i < boxes.size(); ++i)
        for (size_t j = i + 1; j < boxes.size(); ++j) {
            // Touching is fine; half a pixel of overlap is rounding.
            const QRectF a = boxes[i].first.adjusted(0.25, 0.25, -0.25, -0.25);
            const QRectF b = boxes[j].first.adjusted(0.25, 0.25, -0.25, -0.25);
            EXPECT_FALSE(a.intersects(b)) << '"' << boxes[i].second.toStdString() << "\" and \""
                                          << boxes[j].second.toStdString() << '"';
        }
}

// Issue 37: at 1024x640 the panel is 84 px high and named two of its three rows.
TEST(WindowDetail, ThePanelA1024x640WindowLeavesItNamesEveryRow)
{
    WindowDetailView detail;
    detail.resize(380, 84);
    detail.setResult(oneWindow(3, 32));
    detail.setPlayheadFrame(0);
    std::vector<QString> rows;
    for (const PlotLabel& label : detail.layout().labels)
        if (label.text.startsWith(QStringLiteral("row ")))
            rows.push_back(label.text);
    EXPECT_EQ(rows, (std::vector<QString> { "row 0", "row 1", "row 2" }));
    EXPECT_EQ(sums(detail).size(), 3u);
}

INSTANTIATE_TEST_SUITE_P(SmallToLarge, WindowDetailSizes,
    testing::Combine(testing::Values(QSize(200, 84), QSize(200, 124), QSize(280, 160),
                         QSize(330, 180), QSize(520, 280), QSize(900, 520)),
        testing::Values(int64_t { 3 }, int64_t { 7 }),
        testing::Values(AttentionScale::RawWeight, AttentionScale::WeightTimesSteps)));

} // namespace
