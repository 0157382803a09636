#include "ui/timeline_legend.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPalette>

#include <algorithm>

namespace vigil::ui {

QStringList timelineLegendLabels()
{
    return { QCoreApplication::translate("TimelineLegend", "score (fill: each frame's score)"),
        QCoreApplication::translate("TimelineLegend", "event (at or above the threshold)"),
        QCoreApplication::translate("TimelineLegend", "window boundary"),
        QCoreApplication::translate("TimelineLegend", "threshold") };
}

namespace {

constexpr double kSwatchPx = 14.0;

double labelsWidth(const QFontMetricsF& metrics, const QStringList& labels)
{
    double width = 0.0;
    for (const QString& label : labels)
        width = std::max(width, metrics.horizontalAdvance(label));
    return width;
}

} // namespace

QSizeF timelineLegendSize(const QFont& font)
{
    const QStringList labels = timelineLegendLabels();
    const QFontMetricsF metrics(font);
    return { kSwatchPx + labelsWidth(metrics, labels) + 16, metrics.height() * labels.size() + 6 };
}

void paintTimelineLegend(
    QPainter& painter, const QRectF& box, const TimelineColors& colors, const QPalette& palette)
{
    const QStringList labels = timelineLegendLabels();
    const QFontMetricsF metrics(painter.font());
    const double lineHeight = metrics.height();
    const double textWidth = labelsWidth(metrics, labels);
    QColor background = palette.color(QPalette::Base);
    background.setAlpha(210);
    painter.save();
    painter.setPen(QPen(palette.color(QPalette::Mid), 1));
    painter.setBrush(background);
    painter.drawRect(box);
    QColor fill = colors.curve;
    fill.setAlpha(50);
    QColor boundary = palette.color(QPalette::Text);
    boundary.setAlpha(110);
    for (int i = 0; i < labels.size(); ++i) {
        const double y = box.top() + 3 + i * lineHeight;
        const QRectF swatch(box.left() + 5, y + lineHeight * 0.2, kSwatchPx, lineHeight * 0.6);
        const double middle = swatch.center().y();
        if (i == 0) {
            painter.fillRect(swatch, fill);
            painter.setPen(QPen(colors.curve, 2));
            painter.drawLine(QPointF(swatch.left(), swatch.top()), swatch.topRight());
        } else if (i == 1) {
            painter.fillRect(swatch, colors.event);
        } else {
            const QColor color = i == 2 ? boundary : colors.threshold;
            painter.setPen(QPen(color, i == 2 ? 1 : 1.5, Qt::DashLine));
            if (i == 2)
                painter.drawLine(QPointF(swatch.center().x(), swatch.top()),
                    QPointF(swatch.center().x(), swatch.bottom()));
            else
                painter.drawLine(QPointF(swatch.left(), middle), QPointF(swatch.right(), middle));
        }
        painter.setPen(palette.color(QPalette::Text));
        painter.drawText(QRectF(swatch.right() + 6, y, textWidth + 4, lineHeight),
            Qt::AlignLeft | Qt::AlignVCenter, labels[i]);
    }
    painter.restore();
}

} // namespace vigil::ui
