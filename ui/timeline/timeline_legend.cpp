#include "ui/timeline/timeline_legend.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPalette>

#include <algorithm>

namespace vigil::ui {
namespace {

constexpr double kSwatchPx = 14.0;

void paintSwatch(QPainter& painter, const QRectF& swatch, const LegendEntry& entry)
{
    const double middle = swatch.center().y();
    switch (entry.swatch) {
    case LegendEntry::Swatch::FilledCurve: {
        QColor fill = entry.color;
        fill.setAlpha(50);
        painter.fillRect(swatch, fill);
        painter.setPen(QPen(entry.color, 2));
        painter.drawLine(QPointF(swatch.left(), swatch.top()), swatch.topRight());
        break;
    }
    case LegendEntry::Swatch::Line:
        painter.setPen(QPen(entry.color, 2));
        painter.drawLine(QPointF(swatch.left(), middle), QPointF(swatch.right(), middle));
        break;
    case LegendEntry::Swatch::Band:
        painter.fillRect(swatch, entry.color);
        break;
    case LegendEntry::Swatch::HatchedBand:
        painter.fillRect(swatch, entry.color);
        painter.fillRect(swatch, QBrush(QColor(90, 90, 90, 120), Qt::BDiagPattern));
        break;
    case LegendEntry::Swatch::VerticalDash:
        painter.setPen(QPen(entry.color, 1, Qt::DashLine));
        painter.drawLine(QPointF(swatch.center().x(), swatch.top()),
            QPointF(swatch.center().x(), swatch.bottom()));
        break;
    case LegendEntry::Swatch::Dash:
    case LegendEntry::Swatch::Dot:
        painter.setPen(QPen(entry.color, 1.5,
            entry.swatch == LegendEntry::Swatch::Dash ? Qt::DashLine : Qt::DotLine));
        painter.drawLine(QPointF(swatch.left(), middle), QPointF(swatch.right(), middle));
        break;
    }
}

} // namespace

QRectF legendBox(const QRectF& plot, const std::vector<LegendEntry>& entries,
    const QFontMetricsF& metrics, Qt::Alignment side)
{
    double textWidth = 0.0;
    for (const LegendEntry& entry : entries)
        textWidth = std::max(textWidth, metrics.horizontalAdvance(entry.label));
    const double width = kSwatchPx + textWidth + 16;
    const double height = metrics.height() * static_cast<double>(entries.size()) + 6;
    const double left = side & Qt::AlignRight ? plot.right() - 6 - width : plot.left() + 6;
    const double top = side & Qt::AlignBottom ? plot.bottom() - 4 - height : plot.top() + 4;
    const QRectF box(left, top, width, height);
    if (box.left() < plot.left() || box.right() > plot.right() || box.top() < plot.top()
        || box.bottom() > plot.bottom())
        return {};
    return box;
}

QStringList timelineLegendLabels()
{
    return { QCoreApplication::translate("TimelineLegend", "score (fill: each frame's score)"),
        QCoreApplication::translate("TimelineLegend", "event (at or above the threshold)"),
        QCoreApplication::translate("TimelineLegend", "window boundary"),
        QCoreApplication::translate("TimelineLegend", "threshold") };
}

std::vector<LegendEntry> timelineLegendEntries(
    const TimelineColors& colors, const QPalette& palette)
{
    const QStringList labels = timelineLegendLabels();
    QColor boundary = palette.color(QPalette::Text);
    boundary.setAlpha(110);
    return { { LegendEntry::Swatch::FilledCurve, colors.curve, labels[0] },
        { LegendEntry::Swatch::Band, colors.event, labels[1] },
        { LegendEntry::Swatch::VerticalDash, boundary, labels[2] },
        { LegendEntry::Swatch::Dash, colors.threshold, labels[3] } };
}

void paintTimelineLegend(QPainter& painter, const QRectF& plot, const TimelineColors& colors,
    const QPalette& palette, Qt::Alignment side)
{
    paintLegend(painter, plot, timelineLegendEntries(colors, palette), palette, side);
}

std::vector<PlotLabel> legendLabels(const QRectF& plot, const std::vector<LegendEntry>& entries,
    const QFontMetricsF& metrics, Qt::Alignment side)
{
    const QRectF box = legendBox(plot, entries, metrics, side);
    std::vector<PlotLabel> labels;
    if (box.isEmpty())
        return labels;
    const double lineHeight = metrics.height();
    for (size_t i = 0; i < entries.size(); ++i)
        labels.push_back({ QRectF(box.left() + 5 + kSwatchPx + 6,
                               box.top() + 3 + static_cast<double>(i) * lineHeight,
                               box.width() - kSwatchPx - 12, lineHeight),
            entries[i].label, Qt::AlignLeft | Qt::AlignVCenter });
    return labels;
}

void paintLegend(QPainter& painter, const QRectF& plot, const std::vector<LegendEntry>& entries,
    const QPalette& palette, Qt::Alignment side)
{
    const QFontMetricsF metrics(painter.font());
    const QRectF box = legendBox(plot, entries, metrics, side);
    if (box.isEmpty())
        return; // a plot this small has no room for it
    QColor background = palette.color(QPalette::Base);
    background.setAlpha(210);
    painter.save();
    painter.setPen(QPen(palette.color(QPalette::Mid), 1));
    painter.setBrush(background);
    painter.drawRect(box);
    const std::vector<PlotLabel> labels = legendLabels(plot, entries, metrics, side);
    for (size_t i = 0; i < entries.size(); ++i) {
        const double y = labels[i].rect.top();
        const double lineHeight = labels[i].rect.height();
        paintSwatch(painter,
            QRectF(box.left() + 5, y + lineHeight * 0.2, kSwatchPx, lineHeight * 0.6), entries[i]);
    }
    painter.setPen(palette.color(QPalette::Text));
    paintPlotLabels(painter, labels);
    painter.restore();
}

} // namespace vigil::ui
