#include "ui/plots/plot_labels.h"

#include <QPainter>

namespace vigil::ui {

void drawVerticalAxisTitle(QPainter& painter, const QRectF& plot, const QString& title)
{
    painter.save();
    painter.translate(18, plot.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-plot.height() / 2, -10, plot.height(), 20), Qt::AlignCenter, title);
    painter.restore();
}

} // namespace vigil::ui
