#pragma once
// ModelStatusWidget: the always-visible status-bar description of the networks in use (backbone,
// crops, classifier d_a and r, device) with a red "DEMO WEIGHTS" badge when any network has
// seeded random weights. GUI thread only.

#include "ui/analysis_engine.h"

#include <QWidget>

class QLabel;

namespace vigil::ui {

class ModelStatusWidget : public QWidget {
    Q_OBJECT
public:
    explicit ModelStatusWidget(const AnalysisEngine& engine, QWidget* parent = nullptr);

    void setEngine(const AnalysisEngine& engine);

    QString text() const;
    bool isDemoBadgeShown() const;

private:
    QLabel* description_;
    QLabel* badge_;
};

} // namespace vigil::ui
