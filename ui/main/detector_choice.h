#pragma once
// DetectorChoiceBox: the Settings dialog's row of detectors the analysis runs, one checkbox per
// detector of the table (core/analysis/detector_table.h; a new DetectorKind appears without a
// change here), those of other features than the classifier's with what their extraction costs. The
// attention classifier is always on: its scores are the frame scores and events. Reads and writes
// the list in --detectors words ("attention,rtfm"), so the GUI's choice is parsed by the CLI's
// parser. GUI thread only.

#include <QString>
#include <QWidget>

#include <vector>

class QCheckBox;

namespace vigil::ui {

class DetectorChoiceBox : public QWidget {
    Q_OBJECT
public:
    explicit DetectorChoiceBox(QWidget* parent = nullptr);

    // A list engine::parseDetectorList accepts; one it refuses checks the classifier alone.
    void setList(const QString& list);
    QString list() const; // "attention" followed by each checked detector, comma separated
    // The checkbox of a --detectors word ("attention", "rtfm"...); nullptr for another word.
    QCheckBox* box(const QString& word) const;

private:
    std::vector<QCheckBox*> boxes_; // attention first, then detectorTable()'s order
};

} // namespace vigil::ui
