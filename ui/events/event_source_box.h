#pragma once
// EventSourceBox: where the events come from (analysis::EventSource): a combo box of the
// attention classifier, each detector the shown result scored and "at least k of n", and a spin
// box for k shown only in that mode. It offers what the result holds: a result without detectors
// sets it back to the classifier, one with the same scorers keeps the choice. Both boxes leave
// the window's playback keys alone (PlaybackKeys: the combo box is not editable, the spin box is
// a spin box). GUI thread only.

#include "core/analysis/event_source.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QSpinBox;

namespace vigil::ui {

class EventSourceBox : public QWidget {
    Q_OBJECT
public:
    explicit EventSourceBox(QWidget* parent = nullptr);

    // nullptr: nothing shown, the classifier alone.
    void setResult(const analysis::AnalysisResult* result);
    const analysis::EventSource& source() const { return source_; }
    // The n of "at least k of n": the classifier and each detector the result scored.
    int scorerCount() const { return scorerCount_; }
    // "attention classifier", "rtfm", "at least 2 of 3 scorers": for the panel's messages.
    QString sourceText() const;
    QComboBox* sourceCombo() const { return combo_; }
    QSpinBox* kBox() const { return kBox_; }

public slots:
    // Ignored when the shown result does not offer it.
    void setSource(const vigil::analysis::EventSource& source);

signals:
    void sourceChanged(const vigil::analysis::EventSource& source);

private:
    void fillCombo(const std::vector<DetectorKind>& detectors);
    int indexOf(const analysis::EventSource& source) const;
    void takeFromBoxes();

    QComboBox* combo_;
    QLabel* kLabel_;
    QSpinBox* kBox_;
    analysis::EventSource source_;
    int scorerCount_ = 1;
};

} // namespace vigil::ui
