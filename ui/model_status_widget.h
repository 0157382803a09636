#pragma once
// ModelStatusWidget: the always-visible status-bar description of the networks behind what is on
// screen (the source of each network's weights, backbone, crops, classifier d_a and r, device),
// with a red "DEMO WEIGHTS" badge when any of them has seeded random weights. GUI thread only.

#include "ui/analysis_engine.h"

#include <QWidget>

#include <optional>

class QLabel;

namespace vigil::ui {

class ElidedLabel;

class ModelStatusWidget : public QWidget {
    Q_OBJECT
public:
    explicit ModelStatusWidget(const AnalysisEngine& engine, QWidget* parent = nullptr);

    void setEngine(const AnalysisEngine& engine);
    // The networks of the result on screen; nullopt when none is shown (the engine's then).
    void showResultModel(const std::optional<analysis::ModelDescription>& model);

    QString text() const;
    bool isDemoBadgeShown() const;
    // "classifier: published da64-r3 (d_a=64, r=3)  ·  backbone: DEMO i3d-r50, center crop":
    // the source of each network, as the status bar, exports and the batch table say it.
    static QString describe(const analysis::ModelDescription& model);

private:
    void refresh();

    ElidedLabel* description_;
    QLabel* badge_;
    AnalysisEngine engine_;
    std::optional<analysis::ModelDescription> resultModel_;
};

} // namespace vigil::ui
