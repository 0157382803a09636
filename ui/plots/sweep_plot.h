#pragma once
// Renders the AUC of each training setting (d_a, r) as an image (for `vigil train`'s
// <model>.report.png): one column per setting with every run's AUC as a dot, the mean as a bar
// and +/- one sample standard deviation as a whisker. Needs a QGuiApplication (fonts); GUI thread
// or the CLI's main thread.

#include "core/train/training_report.h"

#include <QImage>
#include <QString>

#include <vector>

namespace vigil::ui {

QImage renderSweepPlot(const std::vector<train::SettingSummary>& summaries, const QString& aucName,
    const QString& title);

} // namespace vigil::ui
