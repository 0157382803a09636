#include "ui/model_status_widget.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>

namespace vigil::ui {
namespace {

QString weightsText(const analysis::WeightsInfo& weights)
{
    if (weights.provenance == "demo" || weights.path.empty())
        return QStringLiteral("demo weights");
    if (weights.provenance == "published" && !weights.name.empty())
        return QStringLiteral("%1 (published, %2)")
            .arg(QString::fromStdString(weights.name),
                QFileInfo(QString::fromStdString(weights.path)).fileName());
    return QFileInfo(QString::fromStdString(weights.path)).fileName();
}

} // namespace

ModelStatusWidget::ModelStatusWidget(const AnalysisEngine& engine, QWidget* parent)
    : QWidget(parent)
    , description_(new QLabel(this))
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
           "Download the published weights with `vigil models fetch`, or start Vigil with "
           "--backbone-weights and --classifier."));
    setEngine(engine);
}

void ModelStatusWidget::setEngine(const AnalysisEngine& engine)
{
    badge_->setVisible(engine.isReady() && engine.usesDemoWeights());
    if (!engine.isReady()) {
        description_->setText(tr("No networks loaded yet: they are chosen at the first analysis"));
        description_->setToolTip({});
        return;
    }
    const analysis::ModelDescription& model = engine.model;
    description_->setText(
        tr("Backbone %1 (%2 crop)  ·  classifier d_a=%3, r=%4  ·  %5")
            .arg(QString::fromStdString(model.backbone), QString::fromStdString(model.crops))
            .arg(model.hiddenSize)
            .arg(model.attentionRows)
            .arg(QString::fromStdString(engine.device)));
    description_->setToolTip(
        tr("Backbone weights: %1\nClassifier weights: %2")
            .arg(weightsText(model.backboneWeights), weightsText(model.classifier)));
}

QString ModelStatusWidget::text() const
{
    return description_->text();
}

bool ModelStatusWidget::isDemoBadgeShown() const
{
    return !badge_->isHidden();
}

} // namespace vigil::ui
