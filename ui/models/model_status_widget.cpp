#include "ui/models/model_status_widget.h"

#include "ui/common/elided_label.h"

#include "core/analysis/extraction_costs.h"
#include "core/analysis/weights_summary.h"
#include "core/common/backbone_table.h"

#include <QHBoxLayout>
#include <QLabel>

#include <algorithm>

namespace vigil::ui {
namespace {

QString sourceText(const analysis::WeightsInfo& weights)
{
    return QString::fromStdString(analysis::weightsSource(weights));
}

ModelStatusWidget::DetectorWeights weightsOf(const engine::Engine& engine)
{
    ModelStatusWidget::DetectorWeights weights;
    for (const analysis::SelectedDetector& detector : engine.detectors())
        weights.emplace_back(detector.kind, detector.weights);
    return weights;
}

bool anyDemo(const ModelStatusWidget::DetectorWeights& detectors)
{
    return std::any_of(detectors.begin(), detectors.end(),
        [](const auto& detector) { return detector.second.isDemo(); });
}

} // namespace

ModelStatusWidget::ModelStatusWidget(const AnalysisEngine& engine, QWidget* parent)
    : QWidget(parent)
    , description_(new ElidedLabel({}, this))
    , badge_(new QLabel(tr("DEMO WEIGHTS"), this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(description_);
    layout->addWidget(badge_);
    badge_->setStyleSheet(
        QStringLiteral("QLabel { background: #c62828; color: white; "
                       "font-weight: bold; padding: 1px 6px; border-radius: 3px; }"));
    badge_->setToolTip(
        tr("Seeded random weights: the scores and attention are NOT meaningful. "
           "Install the published weights in Analysis > Models…, or choose a classifier file "
           "in Settings."));
    setEngine(engine);
}

QString ModelStatusWidget::describe(const analysis::ModelDescription& model)
{
    // The backbone and the arithmetic it ran in: a bf16 result is one of another model.
    const QString backbone = QString::fromStdString(toString(model.backbone))
        + (model.precision == Precision::Bf16 ? QStringLiteral(" bf16") : QString());
    // resnet50 has torchvision's ImageNet transform whatever the preset says.
    const QString preset = !backboneRow(model.backbone).presets.empty()
        ? tr(", %1 preprocessing").arg(QString::fromStdString(toString(model.preset)))
        : QString();
    if (analysis::isTrainedDemo(model))
        return tr("%1  ·  classifier sha256 %2… (d_a=%3, r=%4)  ·  %5, %6 crop")
            .arg(QString::fromUtf8(analysis::kTrainedDemoLabel),
                QString::fromStdString(model.classifier.sha256.substr(0, 12)))
            .arg(model.hiddenSize)
            .arg(model.attentionRows)
            .arg(backbone, QString::fromStdString(toString(model.crops)));
    return tr("classifier: %1 (d_a=%2, r=%3)  ·  backbone: %4 %5, %6 crop%7")
        .arg(sourceText(model.classifier))
        .arg(model.hiddenSize)
        .arg(model.attentionRows)
        .arg(sourceText(model.backboneWeights), backbone,
            QString::fromStdString(toString(model.crops)), preset);
}

QString ModelStatusWidget::describeDetectors(const DetectorWeights& detectors)
{
    QString text;
    for (const auto& [kind, weights] : detectors)
        text += tr("  ·  %1: %2").arg(QString::fromStdString(toString(kind)), sourceText(weights));
    return text;
}

void ModelStatusWidget::setEngine(const AnalysisEngine& engine)
{
    engine_ = engine;
    refresh();
}

void ModelStatusWidget::showResultModel(const std::optional<analysis::ModelDescription>& model,
    DetectorWeights detectors, std::vector<analysis::FamilyExtraction> extractions)
{
    resultModel_ = model;
    resultDetectors_ = model ? std::move(detectors) : DetectorWeights();
    resultExtractions_ = model ? std::move(extractions) : std::vector<analysis::FamilyExtraction>();
    refresh();
}

void ModelStatusWidget::refresh()
{
    // The result on screen is described by the networks that made it, which may not be the
    // ones loaded now (a saved result reopened, a batch file double-clicked).
    if (resultModel_) {
        badge_->setVisible(resultModel_->usesDemoWeights() || anyDemo(resultDetectors_));
        description_->setText(
            tr("Shown result: %1%2")
                .arg(describe(*resultModel_), describeDetectors(resultDetectors_)));
    } else if (engine_.engine) {
        const engine::Engine& engine = *engine_.engine;
        const DetectorWeights detectors = weightsOf(engine);
        badge_->setVisible(engine.description().usesDemoWeights() || anyDemo(detectors));
        description_->setText(describe(engine.description()) + describeDetectors(detectors)
            + QStringLiteral("  ·  ")
            + QString::fromStdString(toString(engine.device())).toUpper());
    } else {
        badge_->setVisible(false);
        description_->setText(tr("No networks loaded yet: they are chosen at the first analysis"));
        description_->setToolTip({});
        return;
    }
    const analysis::ModelDescription& model
        = resultModel_ ? *resultModel_ : engine_.engine->description();
    QString tip = tr("Backbone weights: %1\nClassifier weights: %2")
                      .arg(QString::fromStdString(model.backboneWeights.path),
                          QString::fromStdString(model.classifier.path));
    if (resultModel_ && resultExtractions_.size() > 1)
        for (const analysis::FamilyExtraction& extraction : resultExtractions_)
            tip += QStringLiteral("\n")
                + QString::fromStdString(analysis::extractionCostText(extraction) + ", weights "
                    + extraction.weights.path);
    description_->setToolTip(tip);
}

QString ModelStatusWidget::text() const
{
    return description_->text();
}

QString ModelStatusWidget::detailText() const
{
    return description_->toolTip();
}

bool ModelStatusWidget::isDemoBadgeShown() const
{
    return !badge_->isHidden();
}

} // namespace vigil::ui
