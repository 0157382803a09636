#include "ui/events/event_source_box.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

#include <algorithm>

namespace vigil::ui {
namespace {

using Kind = analysis::EventSource::Kind;

// The combo box's data: the source's kind, and for a detector its DetectorKind.
QVariant itemData(Kind kind, DetectorKind detector = DetectorKind::Rtfm)
{
    return QVariantList { static_cast<int>(kind), static_cast<int>(detector) };
}

std::vector<DetectorKind> scoredDetectors(const analysis::AnalysisResult* result)
{
    std::vector<DetectorKind> kinds;
    if (!result)
        return kinds;
    const std::vector<const std::vector<float>*> scored = analysis::scoredCurves(*result);
    for (const analysis::DetectorResult& detector : result->detectors)
        if (std::find(scored.begin(), scored.end(), &detector.frameScores) != scored.end())
            kinds.push_back(detector.kind);
    return kinds;
}

} // namespace

EventSourceBox::EventSourceBox(QWidget* parent)
    : QWidget(parent)
    , combo_(new QComboBox(this))
    , kLabel_(new QLabel(tr("k:"), this))
    , kBox_(new QSpinBox(this))
{
    combo_->setToolTip(
        tr("Which scores make the events: the attention classifier's, one "
           "detector's, or the frames where at least k of the n scorers (the "
           "classifier and each detector this result scored) are at or above the "
           "threshold. A detector that did not score a frame does not count there."));
    kBox_->setToolTip(tr("k: how many of the n scorers must be at or above the threshold at a "
                         "frame for it to be part of an event (1: any of them, n: all of them)"));
    kBox_->setKeyboardTracking(false); // "1" on the way to "12" is no k
    // Narrower than "attention classifier" when k shows too, so the side panel keeps its width
    // and the video does not jump when the mode changes.
    combo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo_->setMinimumContentsLength(10);
    kLabel_->setBuddy(kBox_);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(combo_, 1);
    layout->addWidget(kLabel_);
    layout->addWidget(kBox_);
    fillCombo({});
    connect(combo_, &QComboBox::currentIndexChanged, this, &EventSourceBox::takeFromBoxes);
    connect(kBox_, &QSpinBox::valueChanged, this, &EventSourceBox::takeFromBoxes);
}

void EventSourceBox::fillCombo(const std::vector<DetectorKind>& detectors)
{
    const QSignalBlocker comboBlocker(combo_);
    const QSignalBlocker kBlocker(kBox_);
    combo_->clear();
    combo_->addItem(tr("attention classifier"), itemData(Kind::Classifier));
    for (const DetectorKind kind : detectors)
        combo_->addItem(QString::fromStdString(toString(kind)), itemData(Kind::Detector, kind));
    scorerCount_ = 1 + static_cast<int>(detectors.size());
    if (scorerCount_ > 1)
        combo_->addItem(tr("at least k of %1").arg(scorerCount_), itemData(Kind::AtLeastK));
    kBox_->setRange(1, scorerCount_);
    kBox_->setSuffix(tr(" of %1").arg(scorerCount_));
    combo_->setEnabled(scorerCount_ > 1); // one scorer: nothing to choose
}

void EventSourceBox::setResult(const analysis::AnalysisResult* result)
{
    const analysis::EventSource before = source_;
    fillCombo(scoredDetectors(result));
    const int index = indexOf(before);
    source_ = index >= 0 ? before : analysis::EventSource {};
    if (source_.kind == Kind::AtLeastK)
        source_.k = std::min(source_.k, scorerCount_);
    {
        const QSignalBlocker comboBlocker(combo_);
        const QSignalBlocker kBlocker(kBox_);
        combo_->setCurrentIndex(std::max(index, 0));
        kBox_->setValue(source_.k);
    }
    const bool isKOfN = source_.kind == Kind::AtLeastK;
    kLabel_->setVisible(isKOfN);
    kBox_->setVisible(isKOfN);
    if (!(source_ == before))
        emit sourceChanged(source_);
}

int EventSourceBox::indexOf(const analysis::EventSource& source) const
{
    for (int i = 0; i < combo_->count(); ++i) {
        const QVariantList data = combo_->itemData(i).toList();
        if (data.value(0).toInt() != static_cast<int>(source.kind))
            continue;
        if (source.kind != Kind::Detector
            || data.value(1).toInt() == static_cast<int>(source.detector))
            return i;
    }
    return -1;
}

void EventSourceBox::setSource(const analysis::EventSource& source)
{
    const int index = indexOf(source);
    if (index < 0 || (source.kind == Kind::AtLeastK && (source.k < 1 || source.k > scorerCount_)))
        return;
    const QSignalBlocker kBlocker(kBox_);
    kBox_->setValue(source.kind == Kind::AtLeastK ? source.k : kBox_->value());
    if (combo_->currentIndex() == index)
        takeFromBoxes();
    else
        combo_->setCurrentIndex(index); // takeFromBoxes follows
}

void EventSourceBox::takeFromBoxes()
{
    const QVariantList data = combo_->currentData().toList();
    analysis::EventSource source;
    source.kind = static_cast<Kind>(data.value(0).toInt());
    source.detector = static_cast<DetectorKind>(data.value(1).toInt());
    source.k = kBox_->value();
    const bool isKOfN = source.kind == Kind::AtLeastK;
    kLabel_->setVisible(isKOfN);
    kBox_->setVisible(isKOfN);
    if (source == source_)
        return;
    source_ = source;
    emit sourceChanged(source_);
}

QString EventSourceBox::sourceText() const
{
    switch (source_.kind) {
    case Kind::Classifier:
        return tr("the attention classifier");
    case Kind::Detector:
        return QString::fromStdString(toString(source_.detector));
    case Kind::AtLeastK:
        return tr("at least %1 of the %2 scorers").arg(source_.k).arg(scorerCount_);
    }
    return {};
}

} // namespace vigil::ui
