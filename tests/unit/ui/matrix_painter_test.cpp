// One way to draw a matrix: the window detail and the Explain panel's cards share
// ui/matrix_painter, so A [T, r] has its r rows as bands with time left to right in both, in
// viridis, with the numbers in the cells where they fit and a colour bar on every picture.

#include "tests/support/test_locations.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/explain/explain_images.h"
#include "ui/explain/explain_page.h"
#include "ui/explain/window_detail_view.h"
#include "ui/plots/color_map.h"
#include "ui/plots/matrix_painter.h"

#include <QApplication>
#include <QDir>
#include <QPainter>
#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace vigil::ui;
using vigil::FloatArray;

// A [T = 4, r = 2]: row 1 looks at the start, row 2 at the end.
FloatArray attentionTr()
{
    return FloatArray { { 4, 2 }, { 0.7f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.7f } };
}

bool isNear(const QColor& a, const QColor& b, int tolerance = 14)
{
    return std::abs(a.red() - b.red()) <= tolerance && std::abs(a.green() - b.green()) <= tolerance
        && std::abs(a.blue() - b.blue()) <= tolerance;
}

// matrixImage puts the bar 10 px wide, 56 px from the right edge, over the picture's height:
// viridis from yellow at the top to dark purple at the bottom (a gradient, so roughly).
bool hasColorBar(const QImage& image)
{
    const int x = image.width() - 56 - 5;
    return isNear(image.pixelColor(x, 2), viridis(1.0), 40)
        && isNear(image.pixelColor(x, image.height() / 2), viridis(0.5), 40)
        && isNear(image.pixelColor(x, image.height() - 4), viridis(0.0), 40);
}

// The cell's colour at its corner (the number is written in its middle) and whether text is in it.
void expectCell(const QImage& image, const QRectF& cell, const QColor& fill)
{
    EXPECT_EQ(image.pixelColor(cell.topLeft().toPoint() + QPoint(2, 2)), fill);
    int written = 0;
    for (int y = static_cast<int>(cell.top()) + 2; y < cell.bottom() - 2; ++y)
        for (int x = static_cast<int>(cell.left()) + 2; x < cell.right() - 2; ++x)
            written += image.pixelColor(x, y) != fill ? 1 : 0;
    EXPECT_GT(written, 4) << "no number written in the cell";
}

TEST(MatrixPainter, TheWindowDetailAndTheExplainCardDrawAInOneOrientationAndColourMap)
{
    const FloatArray a = attentionTr();
    // The explain card, 24 x 16 px cells.
    const ColorScale scale = rangeScale(a, QStringLiteral("raw weight"));
    const QImage card = timeMatrixPicture(a, QSize(24, 16), 32, scale, QApplication::palette());
    // The window detail, given the result's layout [r, T].
    auto result = std::make_shared<vigil::analysis::AnalysisResult>();
    result->steps = 4;
    result->protocol = { 16, 4, 4 };
    result->frameScores.assign(64, 0.5f);
    vigil::analysis::WindowResult window;
    window.lastStep = 3;
    window.lastFrame = 63;
    window.attention = transposedMatrix(a);
    result->windows = { window };
    WindowDetailView detail;
    detail.resize(560, 300);
    detail.setScale(AttentionScale::RawWeight); // the weights themselves, as the card shows
    detail.setResult(result);
    detail.setPlayheadFrame(0);
    const QImage drawn = detail.grab().toImage();
    QDir().mkpath(QString::fromStdString(
        vigil::test::binaryDir() + "/ui-screenshots")); // for people to look at
    drawn.save(
        QString::fromStdString(vigil::test::binaryDir() + "/ui-screenshots/window-detail.png"));
    // The detail's matrix, where its layout (from the font) puts it.
    const QRectF matrix = detail.layout().matrix;
    const QRectF bar = detail.layout().bar;
    ASSERT_FALSE(matrix.isEmpty());
    for (int t = 0; t < 4; ++t)
        for (int k = 0; k < 2; ++k) {
            SCOPED_TRACE(testing::Message() << "t " << t << " k " << k);
            const double value = a.values[static_cast<size_t>(t * 2 + k)];
            // Time left to right, the rows of A's columns as bands top to bottom, in both.
            expectCell(card, QRectF(1 + t * 24, 1 + k * 16, 24, 16), scale.colorOf(value));
            const QRectF cell(matrix.left() + t * matrix.width() / 4,
                matrix.top() + k * matrix.height() / 2, matrix.width() / 4, matrix.height() / 2);
            if (t > 0) // column 0 is outlined as the playhead
                expectCell(drawn, cell, detail.colorScale().colorOf(value));
        }
    EXPECT_EQ(scale.colorOf(0.7), viridis(1.0));
    EXPECT_EQ(detail.colorScale().colorOf(1.0), viridis(1.0)) << "raw weights: fixed, up to 1";
    EXPECT_TRUE(hasColorBar(card));
    // The detail's bar: right of the Σ column.
    EXPECT_GT(bar.left(), matrix.right() + 20);
    EXPECT_TRUE(isNear(
        drawn.pixelColor(static_cast<int>(bar.center().x()), static_cast<int>(bar.top()) + 2),
        viridis(1.0), 40));
    EXPECT_TRUE(isNear(
        drawn.pixelColor(static_cast<int>(bar.center().x()), static_cast<int>(bar.bottom()) - 3),
        viridis(0.0), 40));
    EXPECT_TRUE(detail.caption().contains(attentionOrientationNote()));
}

TEST(MatrixPainter, EveryCardOfTheExplainPageHasAViridisPictureWithAColourBar)
{
    FloatArray x = FloatArray::zeros({ 4, vigil::test::FakeExtractor::kFeatureSize });
    for (int64_t t = 0; t < 4; ++t)
        x.values[static_cast<size_t>(t * x.dim(1))] = static_cast<float>(t + 8);
    const vigil::analysis::WindowExplanation e = vigil::test::FakeExplainer().explain(x);
    ExplainContext context;
    context.windowCount = 1;
    context.lastStep = 3;
    const ExplainPage page = makeExplainPage(e, x, context, QApplication::palette());
    // For people to look at: build/ui-screenshots/explain-card-<key>.png.
    const QString shots = QString::fromStdString(vigil::test::binaryDir() + "/ui-screenshots");
    QDir().mkpath(shots);
    for (const char* key : { "x", "hidden", "tanh", "logits", "attention", "pooled" }) {
        SCOPED_TRACE(key);
        const QImage image = page.images.value(QString::fromLatin1(key));
        ASSERT_FALSE(image.isNull());
        image.save(shots + QStringLiteral("/explain-card-%1.png").arg(QString::fromLatin1(key)));
        EXPECT_TRUE(hasColorBar(image));
    }
    // W1 x + b1 is signed; its smallest value is viridis's dark end, not a diverging blue.
    const QImage hidden = page.images.value(QStringLiteral("hidden"));
    const auto [low, high]
        = std::minmax_element(e.hiddenLinear.values.begin(), e.hiddenLinear.values.end());
    const ColorScale hiddenScale = rangeScale(e.hiddenLinear, {});
    EXPECT_LT(*low, 0.0f);
    int atLow = 0;
    for (int y = 1; y < hidden.height() - 1; ++y)
        for (int px = 1; px < hidden.width() - 70; ++px)
            atLow += hidden.pixelColor(px, y) == hiddenScale.colorOf(*low) ? 1 : 0;
    EXPECT_GT(atLow, 0);
    EXPECT_TRUE(page.html.contains(attentionOrientationNote()));
}

TEST(MatrixPainter, WritesTheNumbersOnlyWhereTheyFitAndAveragesWhenThereAreTooMany)
{
    const FloatArray a = attentionTr();
    const ColorScale scale = rangeScale(a, {});
    QImage small(8, 4, QImage::Format_RGB32);
    {
        QPainter painter(&small);
        paintMatrix(painter, QRectF(0, 0, 4, 2), a, scale, CellNumbers::WhereTheyFit);
    }
    EXPECT_EQ(small.pixelColor(0, 0), scale.colorOf(0.7)); // one pixel per cell, no text
    EXPECT_EQ(small.pixelColor(3, 1), scale.colorOf(0.7));
    QImage averaged(2, 1, QImage::Format_RGB32);
    {
        QPainter painter(&averaged);
        paintMatrix(painter, QRectF(0, 0, 2, 1), a, scale, CellNumbers::WhereTheyFit);
    }
    // Steps 0-1 and both rows: (0.7 + 0.1 + 0.1 + 0.1) / 4.
    EXPECT_EQ(averaged.pixelColor(0, 0), scale.colorOf(0.25));
}

} // namespace
