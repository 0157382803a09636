#include "ui/explain/explain_softmax.h"

#include "ui/explain/explain_page_writer.h"

#include <QObject>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace vigil::ui {
namespace {

constexpr int64_t kAllStepsUpTo = 12; // a table of every step up to this T
constexpr int64_t kFirstSteps = 4;

QString rowLinks(int64_t rows, int64_t current)
{
    QStringList links;
    for (int64_t k = 0; k < rows; ++k)
        links << (k == current ? QStringLiteral("<b>row %1</b>").arg(k)
                               : QStringLiteral("<a href='softmax-row:%1'>row %1</a>").arg(k));
    return links.join(QStringLiteral(" · "));
}

QString tableRow(const QString& step, const QString& z, const QString& e, const QString& w,
    const QString& style = {})
{
    return QStringLiteral("<tr%5><td align='right'>%1</td><td align='right'>%2</td>"
                          "<td align='right'>%3</td><td align='right'>%4</td></tr>")
        .arg(step, z, e, w, style);
}

QString table(const analysis::SoftmaxWorkedOut& worked, int64_t firstStep)
{
    const QString expHead = worked.shift == 0.0
        ? QStringLiteral("e<sup>z</sup>")
        : QStringLiteral("e<sup>z − %1</sup>").arg(significantDigits(worked.shift));
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='2' "
                                  "style='font-family:monospace; font-size:small;'>");
    html += tableRow(QObject::tr("t (snippet)"), QStringLiteral("z = logit"), expHead,
        QStringLiteral("weight = e / Σ"), QStringLiteral(" style='font-weight:bold;'"));
    int64_t previous = -1;
    for (const int64_t t : softmaxTableSteps(worked)) {
        if (t > previous + 1)
            html += tableRow(
                QStringLiteral("…"), QStringLiteral("…"), QStringLiteral("…"), QStringLiteral("…"));
        const auto i = static_cast<size_t>(t);
        html += tableRow(QStringLiteral("%1 (%2)").arg(t).arg(firstStep + t),
            significantDigits(worked.logits[i]), significantDigits(worked.exps[i]),
            significantDigits(worked.weights[i]));
        previous = t;
    }
    const auto steps = static_cast<int64_t>(worked.logits.size());
    if (previous < steps - 1)
        html += tableRow(
            QStringLiteral("…"), QStringLiteral("…"), QStringLiteral("…"), QStringLiteral("…"));
    html += tableRow(QObject::tr("all %1").arg(steps), {},
        QStringLiteral("Σ = %1").arg(significantDigits(worked.sum)), QStringLiteral("Σ = 1"),
        QStringLiteral(" style='font-weight:bold;'"));
    return html + QStringLiteral("</table>");
}

} // namespace

QString significantDigits(double value)
{
    const double magnitude = std::fabs(value);
    QString text;
    if (magnitude == 0.0)
        text = QStringLiteral("0");
    else if (magnitude < 1e-4 || magnitude >= 1e6)
        text = QString::number(value, 'e', 3);
    else
        text = QString::number(
            value, 'f', std::max(0, 3 - static_cast<int>(std::floor(std::log10(magnitude)))));
    return text.replace(QLatin1Char('-'), QChar(0x2212));
}

std::vector<int64_t> softmaxTableSteps(const analysis::SoftmaxWorkedOut& worked)
{
    const auto steps = static_cast<int64_t>(worked.weights.size());
    std::vector<int64_t> shown;
    if (steps <= kAllStepsUpTo) {
        for (int64_t t = 0; t < steps; ++t)
            shown.push_back(t);
        return shown;
    }
    for (int64_t t = 0; t < kFirstSteps; ++t)
        shown.push_back(t);
    const auto heaviest = static_cast<int64_t>(
        std::max_element(worked.weights.begin(), worked.weights.end()) - worked.weights.begin());
    shown.push_back(heaviest);
    shown.push_back(steps - 1);
    std::sort(shown.begin(), shown.end());
    shown.erase(std::unique(shown.begin(), shown.end()), shown.end());
    return shown;
}

QString softmaxCard(int stepNumber, const analysis::SoftmaxWorkedOut& worked, int64_t rows,
    int64_t firstStep, const PageWriter& writer)
{
    const QString description = QObject::tr(
        "softmax over T for row %1, worked out: each snippet's logit z, its exponential, "
        "divided by the sum of all %2 exponentials. Every weight is positive and they sum to 1. "
        "Show: %3")
                                    .arg(worked.row)
                                    .arg(worked.logits.size())
                                    .arg(rowLinks(rows, worked.row));
    QString note = worked.shift == 0.0 ? QString()
                                       : QObject::tr("The largest logit is taken off before exp "
                                                     "(the same weights: it cancels in the "
                                                     "division) so the numbers stay readable. ");
    note += QObject::tr("These weights, computed here from the logits, match A[:, %1] below to "
                        "%2 (largest difference).")
                .arg(worked.row)
                .arg(QString::number(worked.largestDifference, 'e', 1));
    return writer.tableCard(stepNumber,
        QStringLiteral("softmax<sub>T</sub>, row %1").arg(worked.row),
        QStringLiteral("[%1]").arg(worked.logits.size()), description, table(worked, firstStep),
        note);
}

} // namespace vigil::ui
