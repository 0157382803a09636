#include "ui/main/detector_choice.h"

#include "core/engine/detector_plan.h"

#include <QCheckBox>
#include <QHBoxLayout>

#include <algorithm>

namespace vigil::ui {

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
    for (const DetectorKind kind : engine::allDetectorKinds()) {
        auto* box = new QCheckBox(QString::fromStdString(toString(kind)), this);
        box->setToolTip(tr("Also score the video with %1 and draw its curve on the timeline "
                           "(whole-video detector; needs its weights, or demo weights)")
                            .arg(box->text()));
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
    const std::vector<DetectorKind> kinds = engine::allDetectorKinds();
    for (size_t i = 0; i < kinds.size(); ++i)
        boxes_[i + 1]->setChecked(request.isAll
            || std::find(request.kinds.begin(), request.kinds.end(), kinds[i])
                != request.kinds.end());
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
