#include "ui/main/detector_choice.h"

#include "core/analysis/detector_table.h"
#include "core/common/backbone_table.h"
#include "core/common/defaults.h"
#include "core/engine/detector_plan.h"

#include <QCheckBox>
#include <QHBoxLayout>

#include <algorithm>

namespace vigil::ui {
namespace {

QString nameOf(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

// A detector of features the classifier's backbone does not make costs a second extraction:
// said before it is chosen.
QString toolTipOf(const analysis::DetectorRow& row)
{
    const QString word = QString::fromStdString(toString(row.kind));
    if (row.features == analysis::kExtractedFeatures)
        return DetectorChoiceBox::tr("Also score the video with %1 and draw its curve on the "
                                     "timeline (whole-video detector; needs its weights, or demo "
                                     "weights)")
            .arg(word);
    const BackboneRow* backbone = nullptr;
    for (const BackboneRow& candidate : backboneTable())
        if (!backbone && candidate.features == row.features)
            backbone = &candidate;
    const BackboneRow& own = backboneRow(defaults::kBackbone);
    return DetectorChoiceBox::tr("Also score the video with %1, which reads %2-d %3 features: "
                                 "the video is extracted a second time with that backbone (%4 "
                                 "GFLOP per input, against %5's %6), then %1 draws its curve")
        .arg(word)
        .arg(row.featureWidth)
        .arg(nameOf(backbone ? backbone->name : row.features))
        .arg(backbone ? backbone->gflopPerInput : 0.0, 0, 'f', 0)
        .arg(nameOf(own.name))
        .arg(own.gflopPerInput, 0, 'f', 0);
}

} // namespace

DetectorChoiceBox::DetectorChoiceBox(QWidget* parent)
    : QWidget(parent)
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* attention = new QCheckBox(QString::fromUtf8(engine::kAttentionWord), this);
    attention->setChecked(true);
    attention->setEnabled(false);
    attention->setToolTip(tr("The attention classifier always runs: its scores are the frame "
                             "scores, the events and the heatmaps"));
    boxes_.push_back(attention);
    for (const analysis::DetectorRow& row : analysis::detectorTable()) {
        auto* box = new QCheckBox(QString::fromStdString(toString(row.kind)), this);
        box->setToolTip(toolTipOf(row));
        boxes_.push_back(box);
    }
    for (QCheckBox* box : boxes_)
        layout->addWidget(box);
    layout->addStretch(1);
    setObjectName(QStringLiteral("detectorChoice"));
}

void DetectorChoiceBox::setList(const QString& list)
{
    engine::DetectorRequest request;
    if (!engine::parseDetectorList(list.toStdString(), request).empty())
        request = {};
    const std::vector<DetectorKind> all = engine::allDetectorKinds();
    const std::vector<analysis::DetectorRow>& rows = analysis::detectorTable();
    for (size_t i = 0; i < rows.size(); ++i) {
        const DetectorKind kind = rows[i].kind;
        const auto named = [kind](const std::vector<DetectorKind>& kinds) {
            return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
        };
        boxes_[i + 1]->setChecked((request.isAll && named(all)) || named(request.kinds));
    }
}

QString DetectorChoiceBox::list() const
{
    QStringList words { QString::fromUtf8(engine::kAttentionWord) };
    for (size_t i = 1; i < boxes_.size(); ++i)
        if (boxes_[i]->isChecked())
            words << boxes_[i]->text();
    return words.join(QLatin1Char(','));
}

QCheckBox* DetectorChoiceBox::box(const QString& word) const
{
    for (QCheckBox* box : boxes_)
        if (box->text() == word)
            return box;
    return nullptr;
}

} // namespace vigil::ui
