#pragma once
// LiveEventsList: the alerts of a live watch, newest first. The open alert is listed the moment
// it opens, marked open, its end and peak following the steps; when it closes its item is
// completed in place with its number and the thumbnail that vigil watch wrote for it (the peak
// step's frame, a PNG in the output folder). One that closes as a blip (under the minimum
// duration) leaves the list. GUI thread only.

#include "core/live/live_records.h"

#include <QListWidget>
#include <QString>

namespace vigil::ui {

class LiveEventsList : public QListWidget {
    Q_OBJECT
public:
    explicit LiveEventsList(QWidget* parent = nullptr);

    void setOutputDir(const QString& dir) { outputDir_ = dir; }
    // The open alert as it stands now (LiveObserver::onOpenAlert).
    void showOpenAlert(const live::Alert& alert);
    // It closed; its item goes unless addAlert() completed it.
    void clearOpenAlert();
    // A closed alert, as events.jsonl has it: completes the open item, or adds one.
    void addAlert(const live::EventRecord& event);
    bool hasOpenAlert() const { return open_ != nullptr; }
    // Whether the item at `row` shows a thumbnail (for tests and the accessibility tree).
    bool hasThumbnail(int row) const;

private:
    QListWidgetItem* open_ = nullptr; // owned by the list
    QString outputDir_;
};

// "#3  12.5–15.1 s  peak 0.83" (stream seconds since the watch started), with "(closed by
// stop)" or "(stream lost)" when the score did not close it.
QString liveAlertText(const live::EventRecord& event);
// "OPEN  12.5–14.2 s  peak 0.83": an alert that has not closed yet (no number until it does).
QString openAlertText(const live::Alert& alert);

} // namespace vigil::ui
