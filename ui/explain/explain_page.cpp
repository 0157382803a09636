#include "ui/explain/explain_page.h"

#include "ui/explain/explain_images.h"
#include "ui/explain/explain_lesson_page.h"
#include "ui/explain/explain_numbers.h"
#include "ui/explain/explain_page_writer.h"
#include "ui/explain/explain_rows.h"
#include "ui/explain/explain_softmax.h"
#include "ui/plots/color_map.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace vigil::ui {
namespace {

constexpr int kPictureWidthPx = 256;

QString shapeText(const std::vector<int64_t>& shape)
{
    QStringList parts;
    for (const int64_t size : shape)
        parts << QString::number(size);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

// "t=0: 0.412 −1.030 0.221 0.070 …  (min −2.1, max 3.4)"
QString valuesLine(const FloatArray& values, const QString& firstLabel, int count = 4)
{
    if (values.size() == 0)
        return {};
    const int64_t width = values.rank() == 2 ? values.dim(1) : values.size();
    QStringList first;
    for (int64_t i = 0; i < std::min<int64_t>(count, width); ++i)
        first << number(values.values[static_cast<size_t>(i)]);
    if (width > count)
        first << QStringLiteral("…");
    const auto [low, high] = std::minmax_element(values.values.begin(), values.values.end());
    return QStringLiteral("%1: %2 &nbsp; (min %3, max %4)")
        .arg(firstLabel, first.join(QLatin1Char(' ')), number(*low), number(*high));
}

// tanh's range, whatever the window: −1 and 1 stay the ends of the bar, 0 is marked.
ColorScale tanhScale()
{
    ColorScale scale;
    scale.low = -1.0;
    scale.high = 1.0;
    scale.label = QObject::tr("value");
    scale.marked = 0.0;
    return scale;
}

QString columnSums(const analysis::WindowExplanation& e)
{
    QStringList sums;
    for (int64_t k = 0; k < e.rows; ++k) {
        double sum = 0.0;
        for (int64_t t = 0; t < e.steps; ++t)
            sum += e.attention.values[static_cast<size_t>(t * e.rows + k)];
        sums << number(sum);
    }
    return QStringLiteral("column sums Σ<sub>t</sub> A[t, k], k = 0 … %1: %2")
        .arg(e.rows - 1)
        .arg(sums.join(QStringLiteral(" · ")));
}

QString scoreCheck(const analysis::WindowExplanation& e, const ExplainContext& context)
{
    const bool isSame = std::fabs(e.score - context.resultCropScore) < 1e-4f;
    QString check
        = isSame ? QStringLiteral("✓ the same as the result") : QStringLiteral("≠ the result");
    if (context.crops <= 1)
        return QStringLiteral("%1: the timeline shows %2 for this window")
            .arg(check, number(context.resultWindowScore, 4));
    return QStringLiteral("%1 for crop %2 (%3); the timeline shows the mean over the %4 crops, %5")
        .arg(check)
        .arg(context.crop)
        .arg(number(context.resultCropScore, 4))
        .arg(context.crops)
        .arg(number(context.resultWindowScore, 4));
}

// What every card of the computation shares: the names of the sizes and the picture layout.
struct CardTerms {
    int cellWidth = 3;
    QString T, F, da, r;
    QString timeAxis;
    QString colourNote;
    QString framesPerStep; // video frames one snippet stands for
};

CardTerms cardTerms(const analysis::WindowExplanation& e, int64_t framesPerStep)
{
    CardTerms terms;
    terms.cellWidth
        = std::clamp(kPictureWidthPx / static_cast<int>(std::max<int64_t>(1, e.steps)), 3, 24);
    terms.T = QString::number(e.steps);
    terms.F = QString::number(e.featureSize);
    terms.da = QString::number(e.hiddenSize);
    terms.r = QString::number(e.rows);
    terms.timeAxis = QObject::tr("← snippet 0 … %1 of the window (time) →").arg(e.steps - 1);
    terms.colourNote = QObject::tr("; colour: viridis, its values on the bar");
    terms.framesPerStep = QString::number(framesPerStep);
    return terms;
}

QString windowHeading(const ExplainContext& context, const QPalette& palette)
{
    const analysis::SnippetPlace first = placeOf(context, context.firstStep);
    const analysis::SnippetPlace last = placeOf(context, context.lastStep);
    QString html = QStringLiteral("<a name='top'></a>");
    html += QStringLiteral(
        "<p style='margin-top:0;'><b>Window %1</b> (of %2, counted from 0) · snippets %3–%4 · "
        "frames %5–%6 · %7–%8")
                .arg(context.windowIndex)
                .arg(context.windowCount)
                .arg(context.firstStep)
                .arg(context.lastStep)
                .arg(first.firstFrame)
                .arg(last.lastFrame)
                .arg(QString::fromStdString(analysis::formatSnippetTime(first.startS)),
                    QString::fromStdString(analysis::formatSnippetTime(last.endS)));
    if (context.crops > 1)
        html += QObject::tr(" · crop %1 (of %2)").arg(context.crop).arg(context.crops);
    html += QStringLiteral("</p>");
    html += QStringLiteral(
        "<table width='100%' cellpadding='6' bgcolor='%1'><tr><td align='center' "
        "style='font-family:monospace; color:%2;'>score = σ(fc2(fc1(flatten("
        "x<sup>T</sup>·softmax<sub>T</sub>(W2 tanh(W1 x + b1) + b2)))))</td></tr></table>")
                .arg(palette.color(QPalette::Highlight).name(),
                    palette.color(QPalette::HighlightedText).name());

    return html;
}

// Steps 1 to 3: from the window's features to tanh(W1 x + b1).
void addHiddenCards(ExplainPage& page, const PageWriter& writer,
    const analysis::WindowExplanation& e, const FloatArray& x, const CardTerms& terms,
    const QPalette& palette)
{
    const auto& [cellWidth, T, F, da, r, timeAxis, colourNote, frames] = terms;
    QString& html = page.html;
    writer.addImage(page, QStringLiteral("x"),
        timeMatrixPicture(
            x, QSize(cellWidth, 1), 64, rangeScale(x, QObject::tr("feature")), palette));
    html += writer.heading(QObject::tr("The computation, step by step"));
    html += writer.card(1, QStringLiteral("x"), shapeText(x.shape),
        QObject::tr("the window: %1 snippets, each one %2-number feature of %3 frames")
            .arg(T, F, frames),
        QStringLiteral("x"), valuesLine(x, QStringLiteral("x[0, :4]")),
        timeAxis + QObject::tr("; features top to bottom, averaged in bands") + colourNote);
    html += writer.arrow(QObject::tr("W1 [%1, %2] on every snippet").arg(da, F));

    writer.addImage(page, QStringLiteral("hidden"),
        timeMatrixPicture(e.hiddenLinear, QSize(cellWidth, 2), 128,
            rangeScale(e.hiddenLinear, QObject::tr("value")), palette));
    html += writer.card(2, QStringLiteral("W1 x + b1"), shapeText(e.hiddenLinear.shape),
        QObject::tr("%1 hidden units per snippet (d<sub>a</sub> = %1)").arg(da),
        QStringLiteral("hidden"), valuesLine(e.hiddenLinear, QStringLiteral("t=0")),
        timeAxis + QObject::tr("; hidden units top to bottom") + colourNote);
    html += writer.arrow();

    writer.addImage(page, QStringLiteral("tanh"),
        timeMatrixPicture(e.hiddenTanh, QSize(cellWidth, 2), 128, tanhScale(), palette));
    html += writer.card(3, QStringLiteral("tanh"), shapeText(e.hiddenTanh.shape),
        QObject::tr("squashed into −1 … 1"), QStringLiteral("tanh"),
        valuesLine(e.hiddenTanh, QStringLiteral("t=0")), timeAxis + colourNote);
    html += writer.arrow(QObject::tr("W2 [%1, %2]").arg(r, da));
}

// Steps 4 to 6: the logits, the softmax worked out for one row, and the attention A.
void addSoftmaxCards(ExplainPage& page, const PageWriter& writer,
    const analysis::WindowExplanation& e, const ExplainContext& context, const CardTerms& terms,
    const QPalette& palette)
{
    const auto& [cellWidth, T, F, da, r, timeAxis, colourNote, frames] = terms;
    QString& html = page.html;
    writer.addImage(page, QStringLiteral("logits"),
        timeMatrixPicture(e.logits, QSize(cellWidth, 16), 16 * static_cast<int>(e.rows),
            rangeScale(e.logits, QObject::tr("logit")), palette));
    html += writer.card(4, QStringLiteral("W2 (·) + b2"), shapeText(e.logits.shape),
        QObject::tr("one logit per snippet for each of the r = %1 attention rows (band k: row k)")
            .arg(r),
        QStringLiteral("logits"), valuesLine(e.logits, QStringLiteral("t=0")),
        timeAxis + colourNote);
    html += writer.arrow(QObject::tr("softmax over T: along time, not along the features"));

    const int64_t row = std::clamp<int64_t>(context.softmaxRow, 0, e.rows - 1);
    html += softmaxCard(5, analysis::workOutSoftmax(e, row), e.rows, context.firstStep, writer);
    html += writer.arrow(QObject::tr("the same for every row"));

    writer.addImage(page, QStringLiteral("attention"),
        timeMatrixPicture(e.attention, QSize(cellWidth, 16), 16 * static_cast<int>(e.rows),
            rangeScale(e.attention, QObject::tr("raw weight")), palette));
    writer.addImage(
        page, QStringLiteral("orientation"), attentionOrientationPicture(e.rows, row, palette));
    html += writer.card(6, QStringLiteral("A = softmax<sub>T</sub>"), shapeText(e.attention.shape),
        QObject::tr("each row's weights over the %1 snippets; each row sums to 1. How the "
                    "pictures draw it:")
                .arg(T)
            + QStringLiteral("<br><img src='explain:orientation'>"),
        QStringLiteral("attention"), columnSums(e),
        attentionOrientationNote() + QObject::tr(" (as in the window detail)") + colourNote);
    html += writer.arrow(QObject::tr("weighted sums of the snippets' features"));
}

// Steps 7 to 10: pooling with A, then the two fully connected layers.
void addPoolingCards(ExplainPage& page, const PageWriter& writer,
    const analysis::WindowExplanation& e, const CardTerms& terms, const QPalette& palette)
{
    const auto& [cellWidth, T, F, da, r, timeAxis, colourNote, frames] = terms;
    QString& html = page.html;
    writer.addImage(page, QStringLiteral("pooled"),
        featureMatrixPicture(
            e.pooled, kPictureWidthPx, 12, rangeScale(e.pooled, QObject::tr("value")), palette));
    html += writer.card(7, QStringLiteral("M = x<sup>T</sup>A"), shapeText(e.pooled.shape),
        QObject::tr("column k: the features averaged with row k's weights (one band per row, "
                    "features left to right)"),
        QStringLiteral("pooled"),
        valuesLine(transposedMatrix(e.pooled), QStringLiteral("M[:4, 0]")), colourNote.mid(2));
    html += writer.arrow();

    html += writer.card(8, QObject::tr("flatten"),
        QStringLiteral("[%1]").arg(e.featureSize * e.rows),
        QObject::tr("M as one vector, %1 × %2 numbers (index f·r + k)").arg(F, r), {}, {});
    html += writer.arrow(QObject::tr("fc1 [%1, %2]").arg(e.fc1.size()).arg(e.featureSize * e.rows));

    writer.addImage(
        page, QStringLiteral("fc1"), signedBars(e.fc1, QSize(kPictureWidthPx, 48), writer.frame()));
    html += writer.card(9, QStringLiteral("fc1"), shapeText(e.fc1.shape),
        QObject::tr("%1 numbers that summarise the window").arg(e.fc1.size()),
        QStringLiteral("fc1"), valuesLine(e.fc1, QStringLiteral("fc1[:4]")));
    html += writer.arrow(QObject::tr("fc2 [1, %1]").arg(e.fc1.size()));

    html += writer.card(10, QStringLiteral("fc2"), QStringLiteral("[1]"),
        QObject::tr("one logit: above 0 leans anomalous"), {},
        QStringLiteral("logit = %1").arg(number(e.fc2, 4)));
    html += writer.arrow(QStringLiteral("σ(z) = 1 / (1 + e<sup>−z</sup>)"));
}

QString scoreBanner(const analysis::WindowExplanation& e, const ExplainContext& context)
{
    QString html;
    const QColor scoreColor = divergingColor(2.0 * e.score - 1.0);
    html += QStringLiteral(
        "<table width='100%' cellspacing='0' cellpadding='8' bgcolor='%1'><tr><td>"
        "<span style='color:%2; font-size:x-large;'><b>score %3</b></span><br>"
        "<span style='color:%2;'>%4</span></td></tr></table>")
                .arg(scoreColor.name(), textColorOn(scoreColor).name(), number(e.score, 4),
                    scoreCheck(e, context));

    return html;
}

} // namespace

int64_t middleFrameOfStep(int64_t step, int64_t framesPerStep)
{
    return step * framesPerStep + framesPerStep / 2;
}

analysis::SnippetPlace placeOf(const ExplainContext& context, int64_t step)
{
    static const std::vector<int64_t> kNoTimes;
    return analysis::snippetPlace(step, context.framesPerStep, context.stepCount,
        context.frameCount, context.framePtsUs ? *context.framePtsUs : kNoTimes,
        context.framesPerSecond);
}

ExplainPage makeExplainPage(const analysis::WindowExplanation& e, const FloatArray& x,
    const ExplainContext& context, const QPalette& palette, const analysis::Lesson* lesson,
    const QHash<QString, QString>& lessonExtras)
{
    ExplainPage page;
    const PageWriter writer(palette);
    const CardTerms terms = cardTerms(e, context.framesPerStep);
    page.html += windowHeading(context, palette);
    if (lesson)
        page.html += lessonIndexHtml(*lesson, writer);
    addHiddenCards(page, writer, e, x, terms, palette);
    addSoftmaxCards(page, writer, e, context, terms, palette);
    addPoolingCards(page, writer, e, terms, palette);
    page.html += scoreBanner(e, context);
    addRowSections(page, writer, e, context);
    if (lesson)
        page.html += lessonHtml(*lesson, writer, lessonExtras);
    return page;
}

} // namespace vigil::ui
