#pragma once
// EventsTable: the segments whose score is at or above the threshold (start, end, duration,
// peak score); clicking one asks to seek to its start. GUI thread only.

#include "core/analysis/score_events.h"

#include <QTableWidget>

#include <vector>

namespace vigil::ui {

class EventsTable : public QTableWidget {
    Q_OBJECT
public:
    explicit EventsTable(QWidget* parent = nullptr);

    // threshold and hasScores only word the message shown when there are no events.
    void setEvents(std::vector<analysis::ScoreEvent> events, double framesPerSecond,
        double threshold = 0.5, bool hasScores = true);
    const std::vector<analysis::ScoreEvent>& events() const { return events_; }

signals:
    void seekRequested(int64_t frame);

protected:
    void paintEvent(QPaintEvent* event) override; // says why the list is empty

private:
    std::vector<analysis::ScoreEvent> events_;
    double threshold_ = 0.5;
    bool hasScores_ = false;
};

} // namespace vigil::ui
