// The Explain page's sections on the rows: where each looks (with thumbnails) and how alike
// they are (AᵀA). Private to ui/explain_page.

#include "ui/explain/explain_rows.h"

#include "core/analysis/snippet_place.h"
#include "ui/explain/explain_numbers.h"
#include "ui/explain/explain_page_writer.h"
#include "ui/plots/color_map.h"
#include "ui/plots/matrix_painter.h"

#include <QObject>

namespace vigil::ui {
namespace {

QString similarityTable(const analysis::WindowExplanation& e)
{
    QString html = QStringLiteral("<table cellspacing='2' cellpadding='5'><tr><td></td>");
    for (int64_t j = 0; j < e.rows; ++j)
        html += QStringLiteral("<td align='center'><b>row %1</b></td>").arg(j);
    html += QStringLiteral("</tr>");
    for (int64_t i = 0; i < e.rows; ++i) {
        html += QStringLiteral("<tr><td><b>row %1</b></td>").arg(i);
        for (int64_t j = 0; j < e.rows; ++j) {
            const double value = e.rowSimilarity.values[static_cast<size_t>(i * e.rows + j)];
            const QColor background = ColorScale().colorOf(value); // 0 .. 1, as AᵀA's are
            html += QStringLiteral("<td align='center' bgcolor='%1' style='color:%2; "
                                   "font-family:monospace;'>%3</td>")
                        .arg(background.name(), textColorOn(background).name(), number(value));
        }
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

// "snippets 3, 7, 9 tie at 0.2", or "29 snippets tie at 0.03126: 0, 1, 2, 4, 5, 6 …" when
// there are too many to list (absolute snippet numbers).
QString tieText(const analysis::TiedSteps& group, int64_t firstStep)
{
    constexpr size_t kListed = 6;
    QStringList names;
    for (size_t i = 0; i < std::min(kListed, group.steps.size()); ++i)
        names << QString::number(firstStep + group.steps[i]);
    const QString weight = QStringLiteral("<b>%1</b>").arg(weightText(group.weight));
    if (group.steps.size() <= kListed)
        return QObject::tr("snippets %1 tie at %2").arg(names.join(QStringLiteral(", ")), weight);
    return QObject::tr("%1 snippets tie at %2: %3 …")
        .arg(group.steps.size())
        .arg(weight, names.join(QStringLiteral(", ")));
}

QString thumbnailCell(int64_t absoluteStep, const ExplainContext& context, ExplainPage& page,
    const QString& caption, const QString& muted)
{
    const int64_t frame = middleFrameOfStep(absoluteStep, context.framesPerStep);
    if (!page.thumbnailFrames.contains(frame))
        page.thumbnailFrames.push_back(frame);
    const analysis::SnippetPlace place = placeOf(context, absoluteStep);
    return QStringLiteral(
        "<td align='center'><a href='seek:%1'><img src='thumb:%1' width='112'></a><br>"
        "<span style='font-size:small;'>%2<br><span style='color:%3;'>frames %4–%5 · %6</span>"
        "</span></td>")
        .arg(frame)
        .arg(caption, muted)
        .arg(place.firstFrame)
        .arg(place.lastFrame)
        .arg(QString::fromStdString(analysis::formatSnippetTime(place.startS)));
}

// One line of "Where each row looks": the heaviest snippets with thumbnails; snippets whose
// weights tie are said to tie (one thumbnail, the first of them), never ranked by step order.
QString rowLooking(const analysis::WindowExplanation& e, int64_t row, const ExplainContext& context,
    ExplainPage& page, const QString& muted)
{
    const analysis::RowFocus focus = analysis::rowFocus(e, row, context.topCount);
    QString html = QStringLiteral("<tr><td valign='middle'><b>row %1</b></td>").arg(row);
    if (focus.isUniform) {
        // Equal to 4 digits, so all of them are 1/T to 4 digits.
        return html
            + QStringLiteral("<td colspan='3'>%1</td></tr>")
                  .arg(QObject::tr("uniform: no snippet stands out (all %1 at ≈ 1/%1 = %2)")
                           .arg(e.steps)
                           .arg(weightText(1.0 / static_cast<double>(e.steps))));
    }
    for (const analysis::TiedSteps& group : focus.groups) {
        const int64_t first = context.firstStep + group.steps.front();
        const QString caption = group.steps.size() == 1
            ? QObject::tr("snippet %1 · <b>%2</b>").arg(first).arg(weightText(group.weight))
            : tieText(group, context.firstStep);
        html += thumbnailCell(first, context, page, caption, muted);
    }
    return html + QStringLiteral("</tr>");
}

QString rowsLooking(const analysis::WindowExplanation& e, const ExplainContext& context,
    ExplainPage& page, const QString& muted)
{
    QString html = QStringLiteral("<table cellspacing='4' cellpadding='2'>");
    for (int64_t k = 0; k < e.rows; ++k)
        html += rowLooking(e, k, context, page, muted);
    return html + QStringLiteral("</table>");
}

} // namespace

void addRowSections(ExplainPage& page, const PageWriter& writer,
    const analysis::WindowExplanation& e, const ExplainContext& context)
{
    QString& html = page.html;
    html += writer.heading(QObject::tr("Where each row looks"));
    html += QStringLiteral("<p style='color:%1; margin-top:0;'>%2</p>")
                .arg(writer.muted(),
                    QObject::tr("The %1 snippets each row weighs most, with their weights; "
                                "snippets with equal weights are a tie, not a ranking. Click a "
                                "picture to go there.")
                        .arg(context.topCount));
    html += rowsLooking(e, context, page, writer.muted());

    html += writer.heading(QObject::tr("How alike the rows are: A<sup>T</sup>A"));
    html += similarityTable(e);
    html
        += QStringLiteral("<p>redundancy ‖A<sup>T</sup>A − I‖<sub>F</sub> = <b>%1</b><br>"
                          "<span style='color:%2;'>%3</span></p>")
               .arg(number(e.redundancy, 4), writer.muted(),
                   QObject::tr("Diagonal: how peaked a row is (1 = all its weight on one snippet). "
                               "Off the diagonal: how much two rows overlap. 0 would mean each row "
                               "looks at its own single snippet. The structured self-attention "
                               "paper adds this as a penalty in training so that rows look at "
                               "different moments; this classifier was trained without it (the "
                               "paper's train.py and vigil train use the cross-entropy alone), so "
                               "nothing keeps its rows apart (question 7)."));
}

} // namespace vigil::ui
