#pragma once
// ModelStatusWidget: the always-visible status-bar description of the networks behind what is on
// screen (the source of each network's weights, backbone, crops, classifier d_a and r, device),
// and of each detector's, with a red "DEMO WEIGHTS" badge when any of them has seeded random
// weights. GUI thread only.

#include "ui/tasks/analysis_engine.h"

#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

class QLabel;

namespace vigil::ui {

class ElidedLabel;

class ModelStatusWidget : public QWidget {
    Q_OBJECT
public:
    explicit ModelStatusWidget(const AnalysisEngine& engine, QWidget* parent = nullptr);

    void setEngine(const AnalysisEngine& engine);
    // Each detector beside the classifier and its weights, as the status bar names them.
    using DetectorWeights = std::vector<std::pair<DetectorKind, analysis::WeightsInfo>>;
    // The networks of the result on screen; nullopt when none is shown (the engine's then).
    // extractions: what each family's extraction cost, in the tooltip where there are two.
    void showResultModel(const std::optional<analysis::ModelDescription>& model,
        DetectorWeights detectors = {}, std::vector<analysis::FamilyExtraction> extractions = {});

    QString text() const;
    QString detailText() const; // the tooltip: each network's file, each extraction's cost
    bool isDemoBadgeShown() const;
    // "classifier: published da64-r3 (d_a=64, r=3)  ·  backbone: DEMO i3d-r50, center crop":
    // the source of each network, as the status bar, exports and the batch table say it.
    static QString describe(const analysis::ModelDescription& model);
    // "  ·  rtfm: DEMO  ·  mgfn: published mgfn-ucf": every detector's weights; empty for none.
    static QString describeDetectors(const DetectorWeights& detectors);

private:
    void refresh();

    ElidedLabel* description_;
    QLabel* badge_;
    AnalysisEngine engine_;
    std::optional<analysis::ModelDescription> resultModel_;
    DetectorWeights resultDetectors_;
    std::vector<analysis::FamilyExtraction> resultExtractions_;
};

} // namespace vigil::ui
