#pragma once
// EventsTable: the segments whose score is at or above the threshold: a thumbnail of the peak
// frame with the start, end, duration, peak score and its time, and a "reviewed" check box.
// Clicking one asks to seek to its start; its context menu asks to export it as a clip or its
// peak frame as a PNG. The table only shows and asks: the EventsPanel decodes, saves and
// exports. GUI thread only.

#include "core/analysis/score_events.h"
#include "core/common/defaults.h"
#include "core/formats/review_sidecar.h"

#include <QTableWidget>

#include <vector>

namespace vigil::ui {

class EventsTable : public QTableWidget {
    Q_OBJECT
public:
    enum Column { StartColumn, EndColumn, DurationColumn, PeakColumn, ReviewedColumn };

    explicit EventsTable(QWidget* parent = nullptr);

    // threshold and hasScores only word the message shown when there are no events.
    void setEvents(std::vector<analysis::ScoreEvent> events, double framesPerSecond,
        double threshold = defaults::kThreshold, bool hasScores = true);
    const std::vector<analysis::ScoreEvent>& events() const { return events_; }
    // The height that shows the header and one whole row above the sideways scroll bar a
    // narrow panel needs: the least the window may give it.
    int heightForOneRow() const;
    // What the empty list says when there are scores but no events; empty: "No frame scores
    // <threshold> or more", the classifier's words.
    void setNoEventsText(const QString& text);
    // What it says while nothing is scored; empty: "Events appear here as the analysis scores
    // the video.", the words of an analysis that is still to come.
    void setNotScoredText(const QString& text);
    // What the empty list says now (shown in the list's middle).
    QString emptyText() const;
    // Ticks the events the marks name; emits nothing.
    void setReviewed(const formats::ReviewedEvents& reviewed);
    bool isReviewed(int row) const;
    // Ticks or unticks a row's box as a click would (reviewedChanged follows): the R key.
    void setRowReviewed(int row, bool isReviewed);
    // Selects the row of the event that holds frame, and none between events, so that the
    // selection follows the playhead (Page Up/Down, playback, clicks on the timeline).
    void followFrame(int64_t frame);
    // The picture of the events whose peak is this frame.
    void setThumbnail(int64_t peakFrame, const QImage& image);

signals:
    void seekRequested(int64_t frame);
    // A person ticked or unticked the box.
    void reviewedChanged(const vigil::analysis::ScoreEvent& event, bool isReviewed);
    void exportClipRequested(const vigil::analysis::ScoreEvent& event);
    void exportPeakFrameRequested(const vigil::analysis::ScoreEvent& event);

protected:
    void paintEvent(QPaintEvent* event) override; // says why the list is empty

private:
    static QString peakText(const analysis::ScoreEvent& event, double fps);
    void showContextMenu(const QPoint& position);
    void fillRow(int row, double fps);
    void setEmptyText(QString& shown, const QString& text); // repaints when it changes

    std::vector<analysis::ScoreEvent> events_;
    double threshold_ = defaults::kThreshold;
    bool hasScores_ = false;
    QString noEventsText_;
    QString notScoredText_;
};

} // namespace vigil::ui
