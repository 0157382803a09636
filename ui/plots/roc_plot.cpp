#include "ui/plots/roc_plot.h"

#include "ui/plots/plot_labels.h"

#include <QPainter>
#include <QPainterPath>

namespace vigil::ui {

namespace {

QPointF toPixel(const QRectF& plot, double x, double y)
{
    return QPointF(plot.left() + x * plot.width(), plot.bottom() - y * plot.height());
}

// Grid lines every 0.1 on both axes, labelled every 0.2.
void drawGrid(QPainter& painter, const QRectF& plot)
{
    const auto toPixel = [&](double x, double y) { return vigil::ui::toPixel(plot, x, y); };
    for (int i = 0; i <= 10; ++i) {
        const double v = i / 10.0;
        painter.setPen(QPen(QColor(230, 230, 230), 1));
        painter.drawLine(toPixel(v, 0), toPixel(v, 1));
        painter.drawLine(toPixel(0, v), toPixel(1, v));
        if (i % 2 == 0) {
            painter.setPen(Qt::black);
            const QString label = QString::number(v, 'f', 1);
            painter.drawText(
                QRectF(toPixel(v, 0) + QPointF(-20, 6), QSizeF(40, 18)), Qt::AlignCenter, label);
            painter.drawText(QRectF(toPixel(0, v) + QPointF(-46, -9), QSizeF(40, 18)),
                Qt::AlignRight | Qt::AlignVCenter, label);
        }
    }
}

} // namespace

QImage renderRocPlot(const std::vector<eval::CurvePoint>& roc, double auc, const QString& title)
{
    constexpr int kSize = 640;
    constexpr int kMargin = 70;
    QImage image(kSize, kSize, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF plot(kMargin, kMargin - 20, kSize - kMargin - 30, kSize - 2 * kMargin);
    const auto toPixel = [&](double x, double y) { return vigil::ui::toPixel(plot, x, y); };

    QFont font = painter.font();
    font.setPixelSize(14);
    painter.setFont(font);
    drawGrid(painter, plot);
    painter.setPen(QPen(Qt::black, 1.5));
    painter.drawRect(plot);
    painter.setPen(QPen(QColor(150, 150, 150), 1.5, Qt::DashLine));
    painter.drawLine(toPixel(0, 0), toPixel(1, 1));

    QPainterPath curve;
    for (size_t i = 0; i < roc.size(); ++i) {
        const QPointF point = toPixel(roc[i].x, roc[i].y);
        i == 0 ? curve.moveTo(point) : curve.lineTo(point);
    }
    painter.setPen(QPen(QColor(33, 102, 172), 2.5)); // dark blue: readable for colour-blind users
    painter.drawPath(curve);

    painter.setPen(Qt::black);
    painter.drawText(QRectF(plot.left(), plot.bottom() + 28, plot.width(), 20), Qt::AlignCenter,
        QStringLiteral("False positive rate (frames)"));
    drawVerticalAxisTitle(painter, plot, QStringLiteral("True positive rate (frames)"));
    font.setPixelSize(16);
    font.setBold(true);
    painter.setFont(font);
    painter.drawText(QRectF(0, 10, kSize, 24), Qt::AlignCenter, title);
    painter.setPen(QColor(33, 102, 172));
    painter.drawText(QRectF(plot.right() - 230, plot.bottom() - 40, 220, 24),
        Qt::AlignRight | Qt::AlignVCenter,
        QStringLiteral("ROC AUC %1 %").arg(auc * 100.0, 0, 'f', 2));
    return image;
}

} // namespace vigil::ui
