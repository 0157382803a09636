#pragma once
// EventsPanel: the events of the shown result above the one event threshold (EventThreshold),
// with a box to type the threshold in. Observes the CurrentAnalysis and the threshold; the
// EventsTable under it asks to seek. GUI thread only; the analysis and threshold outlive it.

#include <QWidget>

class QDoubleSpinBox;

namespace vigil::ui {

class CurrentAnalysis;
class EventThreshold;
class EventsTable;

class EventsPanel : public QWidget {
    Q_OBJECT
public:
    EventsPanel(CurrentAnalysis* analysis, EventThreshold* threshold, QWidget* parent = nullptr);

    EventsTable* table() const { return table_; }
    QDoubleSpinBox* thresholdBox() const { return thresholdBox_; }

private:
    void updateEvents();

    CurrentAnalysis* analysis_;
    EventThreshold* threshold_;
    QDoubleSpinBox* thresholdBox_;
    EventsTable* table_;
};

} // namespace vigil::ui
