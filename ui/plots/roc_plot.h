#pragma once
// Renders a ROC curve as an image (for `vigil eval -o DIR`'s roc.png): axes, grid, the chance
// diagonal, the curve and its AUC. Needs a QGuiApplication (fonts); GUI thread or the CLI's
// main thread.

#include "core/eval/roc_metrics.h"

#include <QImage>
#include <QString>

#include <vector>

namespace vigil::ui {

QImage renderRocPlot(const std::vector<eval::CurvePoint>& roc, double auc, const QString& title);

} // namespace vigil::ui
