#include "ui/events/detector_thresholds_box.h"
#include "ui/common/threshold_text.h"

#include "core/analysis/scorer_facts.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>

namespace vigil::ui {

DetectorThresholdsBox::DetectorThresholdsBox(QWidget* parent)
    : QWidget(parent)
    , layout_(new QHBoxLayout(this))
{
    layout_->setContentsMargins(0, 0, 0, 0);
    setVisible(false);
}

void DetectorThresholdsBox::setResult(const analysis::AnalysisResult* result)
{
    std::vector<DetectorKind> kinds;
    if (result)
        for (const analysis::DetectorResult& detector : result->detectors)
            kinds.push_back(detector.kind);
    std::vector<DetectorKind> shown;
    for (const Entry& entry : entries_)
        shown.push_back(entry.kind);
    const std::string path = result ? result->video.path : std::string();
    if (kinds == shown && path == videoPath_)
        return;
    videoPath_ = path;
    rebuild(result ? *result : analysis::AnalysisResult {});
}

void DetectorThresholdsBox::rebuild(const analysis::AnalysisResult& result)
{
    while (QLayoutItem* item = layout_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    entries_.clear();
    for (const analysis::DetectorResult& detector : result.detectors) {
        const auto scale = analysis::detectorDefault(detector.frameScores);
        const QString name = QString::fromStdString(toString(detector.kind));
        auto* box = new QDoubleSpinBox(this);
        box->setRange(0.0, 1.0);
        box->setDecimals(kThresholdDecimals);
        box->setSingleStep(0.01);
        box->setKeyboardTracking(false);
        box->setValue(scale ? scale->threshold : 0.5);
        box->setAccessibleName(tr("%1 threshold").arg(name));
        box->setToolTip(scale ? tr("%1's own threshold. Default %2: halfway from its median on "
                                   "this video (%3) to 1, since each detector's scores sit at "
                                   "their own level for normal video. Used when events come "
                                   "from %1, and for its vote in \"at least k of n\" and the "
                                   "agreement strip.")
                                    .arg(name)
                                    .arg(thresholdText(scale->threshold))
                                    .arg(scale->median, 0, 'f', 3)
                              : tr("%1 scored no frame of this video").arg(name));
        const analysis::ScorerFacts& facts = analysis::detectorFacts(detector.kind);
        auto* label = new QLabel(name + QLatin1Char(':'), this);
        label->setToolTip(tr("%1: %2. Published: %3 (%4).")
                              .arg(name, QString::fromStdString(facts.meaning),
                                  QString::fromStdString(analysis::publishedFigures(facts)),
                                  QString::fromStdString(facts.paper)));
        label->setBuddy(box);
        layout_->addWidget(label);
        layout_->addWidget(box);
        connect(box, &QDoubleSpinBox::valueChanged, this, &DetectorThresholdsBox::changed);
        entries_.push_back({ detector.kind, box });
    }
    layout_->addStretch(1);
    setVisible(!entries_.empty());
}

std::vector<analysis::DetectorThreshold> DetectorThresholdsBox::thresholds() const
{
    std::vector<analysis::DetectorThreshold> values;
    for (const Entry& entry : entries_)
        values.push_back({ entry.kind, entry.box->value() });
    return values;
}

QDoubleSpinBox* DetectorThresholdsBox::boxOf(DetectorKind kind) const
{
    for (const Entry& entry : entries_)
        if (entry.kind == kind)
            return entry.box;
    return nullptr;
}

} // namespace vigil::ui
