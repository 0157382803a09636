#include "ui/plots/sweep_plot.h"

#include "ui/plots/plot_labels.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace vigil::ui {
namespace {

// The AUC range shown: from a round tenth below the lowest value (at most 0.5) to 1.
double lowerBound(const std::vector<train::SettingSummary>& summaries)
{
    double lowest = 0.5;
    for (const train::SettingSummary& summary : summaries) {
        for (double auc : summary.aucs)
            lowest = std::min(lowest, auc);
        if (!std::isnan(summary.standardDeviation))
            lowest = std::min(lowest, summary.mean - summary.standardDeviation);
    }
    return std::max(0.0, std::floor(lowest * 10.0) / 10.0);
}

// Where an AUC goes on the plot: from low at the bottom edge to 1 at the top.
struct AucAxis {
    QRectF plot;
    double low = 0.5;

    double y(double auc) const { return plot.bottom() - (auc - low) / (1.0 - low) * plot.height(); }
};

void drawGrid(QPainter& painter, const AucAxis& axis)
{
    for (int i = 0; i <= 10; ++i) {
        const double auc = axis.low + (1.0 - axis.low) * i / 10.0;
        painter.setPen(QPen(QColor(230, 230, 230), 1));
        painter.drawLine(
            QPointF(axis.plot.left(), axis.y(auc)), QPointF(axis.plot.right(), axis.y(auc)));
        painter.setPen(Qt::black);
        painter.drawText(QRectF(axis.plot.left() - 56, axis.y(auc) - 9, 50, 18),
            Qt::AlignRight | Qt::AlignVCenter, QString::number(auc * 100.0, 'f', 1));
    }
}

// One setting's column: the mean as a bar, ± 1 std as a whisker, each run as a dot.
void drawSetting(QPainter& painter, const AucAxis& axis, const train::SettingSummary& summary,
    double centre, double column)
{
    const QColor bar(33, 102, 172); // dark blue, as the ROC plot; readable for colour-blind users
    if (!std::isnan(summary.mean)) {
        const double barWidth = std::min(48.0, column * 0.5);
        const double top = axis.y(summary.mean);
        painter.fillRect(QRectF(centre - barWidth / 2, top, barWidth, axis.plot.bottom() - top),
            bar.lighter(170));
        painter.setPen(QPen(bar, 2.5));
        painter.drawLine(QPointF(centre - barWidth / 2, top), QPointF(centre + barWidth / 2, top));
    }
    if (!std::isnan(summary.standardDeviation)) {
        const double top = axis.y(std::min(1.0, summary.mean + summary.standardDeviation));
        const double bottom = axis.y(std::max(axis.low, summary.mean - summary.standardDeviation));
        painter.setPen(QPen(Qt::black, 1.5));
        painter.drawLine(QPointF(centre, top), QPointF(centre, bottom));
        painter.drawLine(QPointF(centre - 8, top), QPointF(centre + 8, top));
        painter.drawLine(QPointF(centre - 8, bottom), QPointF(centre + 8, bottom));
    }
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(178, 24, 43)); // runs as dark red dots
    for (size_t run = 0; run < summary.aucs.size(); ++run) {
        const double offset = (static_cast<double>(run) - (summary.aucs.size() - 1) / 2.0) * 5.0;
        painter.drawEllipse(QPointF(centre + std::clamp(offset, -column / 3, column / 3),
                                axis.y(summary.aucs[run])),
            4, 4);
    }
    painter.setBrush(Qt::NoBrush);
    painter.setPen(Qt::black);
    painter.drawText(QRectF(centre - column / 2, axis.plot.bottom() + 6, column, 36),
        Qt::AlignHCenter | Qt::AlignTop,
        QStringLiteral("da %1\nr %2").arg(summary.shape.hiddenSize).arg(summary.shape.rows));
}

} // namespace

QImage renderSweepPlot(const std::vector<train::SettingSummary>& summaries, const QString& aucName,
    const QString& title)
{
    constexpr int kHeight = 520;
    constexpr int kMargin = 70;
    const int width = std::max(480, kMargin + 40 + 90 * static_cast<int>(summaries.size()));
    QImage image(width, kHeight, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    const AucAxis axis { QRectF(kMargin, 50, width - kMargin - 30, kHeight - 50 - kMargin),
        lowerBound(summaries) };
    const QRectF& plot = axis.plot;
    QFont font = painter.font();
    font.setPixelSize(14);
    painter.setFont(font);
    drawGrid(painter, axis);
    const double column = plot.width() / std::max<size_t>(1, summaries.size());
    for (size_t i = 0; i < summaries.size(); ++i)
        drawSetting(painter, axis, summaries[i], plot.left() + column * (i + 0.5), column);
    painter.setPen(QPen(Qt::black, 1.5));
    painter.drawRect(plot);
    drawVerticalAxisTitle(painter, plot, QStringLiteral("%1 (%)").arg(aucName));
    painter.drawText(QRectF(0, kHeight - 24, width, 20), Qt::AlignCenter,
        QStringLiteral("bar: mean, whisker: \u00b1 1 std (n \u2212 1), dots: runs"));
    font.setPixelSize(16);
    font.setBold(true);
    painter.setFont(font);
    painter.drawText(QRectF(0, 12, width, 24), Qt::AlignCenter, title);
    return image;
}

} // namespace vigil::ui
