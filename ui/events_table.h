#pragma once
// EventsTable: the segments whose score is at or above the threshold (start, end, duration,
// peak score); clicking one asks to seek to its start. GUI thread only.

#include "ui/score_events.h"

#include <QTableWidget>

#include <vector>

namespace vigil::ui {

class EventsTable : public QTableWidget {
    Q_OBJECT
public:
    explicit EventsTable(QWidget* parent = nullptr);

    void setEvents(std::vector<ScoreEvent> events, double framesPerSecond);
    const std::vector<ScoreEvent>& events() const { return events_; }

signals:
    void seekRequested(int64_t frame);

private:
    std::vector<ScoreEvent> events_;
};

} // namespace vigil::ui
