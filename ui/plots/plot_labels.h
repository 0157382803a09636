#pragma once
// Text that the exported plots (ROC, training sweep) share. GUI thread or any thread painting a
// QImage.

#include <QRectF>
#include <QString>

class QPainter;

namespace vigil::ui {

// The y axis's title, turned to read bottom to top, centred on the plot's height left of it.
void drawVerticalAxisTitle(QPainter& painter, const QRectF& plot, const QString& title);

} // namespace vigil::ui
