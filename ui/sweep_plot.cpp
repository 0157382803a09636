#include "ui/sweep_plot.h"

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
    const QRectF plot(kMargin, 50, width - kMargin - 30, kHeight - 50 - kMargin);
    const double low = lowerBound(summaries);
    const auto toY = [&](double auc) { return plot.bottom() - (auc - low) / (1.0 - low) * plot.height(); };
    QFont font = painter.font();
    font.setPixelSize(14);
    painter.setFont(font);
    for (int i = 0; i <= 10; ++i) {
        const double auc = low + (1.0 - low) * i / 10.0;
        painter.setPen(QPen(QColor(230, 230, 230), 1));
        painter.drawLine(QPointF(plot.left(), toY(auc)), QPointF(plot.right(), toY(auc)));
        painter.setPen(Qt::black);
        painter.drawText(QRectF(plot.left() - 56, toY(auc) - 9, 50, 18), Qt::AlignRight | Qt::AlignVCenter,
            QString::number(auc * 100.0, 'f', 1));
    }
    const double column = plot.width() / std::max<size_t>(1, summaries.size());
    const QColor bar(33, 102, 172);  // dark blue, as the ROC plot; readable for colour-blind users
    for (size_t i = 0; i < summaries.size(); ++i) {
        const train::SettingSummary& summary = summaries[i];
        const double centre = plot.left() + column * (i + 0.5);
        if (!std::isnan(summary.mean)) {
            const double barWidth = std::min(48.0, column * 0.5);
            painter.fillRect(QRectF(centre - barWidth / 2, toY(summary.mean), barWidth, plot.bottom() - toY(summary.mean)),
                bar.lighter(170));
            painter.setPen(QPen(bar, 2.5));
            painter.drawLine(QPointF(centre - barWidth / 2, toY(summary.mean)), QPointF(centre + barWidth / 2, toY(summary.mean)));
        }
        if (!std::isnan(summary.standardDeviation)) {
            const double top = toY(std::min(1.0, summary.mean + summary.standardDeviation));
            const double bottom = toY(std::max(low, summary.mean - summary.standardDeviation));
            painter.setPen(QPen(Qt::black, 1.5));
            painter.drawLine(QPointF(centre, top), QPointF(centre, bottom));
            painter.drawLine(QPointF(centre - 8, top), QPointF(centre + 8, top));
            painter.drawLine(QPointF(centre - 8, bottom), QPointF(centre + 8, bottom));
        }
        painter.setPen(Qt::NoPen);
        painter.setBrush(QColor(178, 24, 43));  // runs as dark red dots
        for (size_t run = 0; run < summary.aucs.size(); ++run) {
            const double offset = (static_cast<double>(run) - (summary.aucs.size() - 1) / 2.0) * 5.0;
            painter.drawEllipse(QPointF(centre + std::clamp(offset, -column / 3, column / 3), toY(summary.aucs[run])), 4, 4);
        }
        painter.setBrush(Qt::NoBrush);
        painter.setPen(Qt::black);
        painter.drawText(QRectF(centre - column / 2, plot.bottom() + 6, column, 36), Qt::AlignHCenter | Qt::AlignTop,
            QStringLiteral("da %1\nr %2").arg(summary.shape.hiddenSize).arg(summary.shape.rows));
    }
    painter.setPen(QPen(Qt::black, 1.5));
    painter.drawRect(plot);
    painter.save();
    painter.translate(18, plot.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-plot.height() / 2, -10, plot.height(), 20), Qt::AlignCenter,
        QStringLiteral("%1 (%)").arg(aucName));
    painter.restore();
    painter.drawText(QRectF(0, kHeight - 24, width, 20), Qt::AlignCenter,
        QStringLiteral("bar: mean, whisker: \u00b1 1 std (n \u2212 1), dots: runs"));
    font.setPixelSize(16);
    font.setBold(true);
    painter.setFont(font);
    painter.drawText(QRectF(0, 12, width, 24), Qt::AlignCenter, title);
    return image;
}

} // namespace vigil::ui
