#pragma once
// LiveEventsList: the alerts of a live watch, newest first, each with the thumbnail that
// vigil watch wrote for it (the peak step's frame, a PNG in the output folder) as it closed.
// GUI thread only.

#include "core/live/live_records.h"

#include <QListWidget>
#include <QString>

namespace vigil::ui {

class LiveEventsList : public QListWidget {
    Q_OBJECT
public:
    explicit LiveEventsList(QWidget* parent = nullptr);

    void setOutputDir(const QString& dir) { outputDir_ = dir; }
    void addAlert(const live::EventRecord& event);
    // Whether the item at `row` shows a thumbnail (for tests and the accessibility tree).
    bool hasThumbnail(int row) const;

private:
    QString outputDir_;
};

// "#3  12.5–15.1 s  peak 0.83" (stream seconds since the watch started).
QString liveAlertText(const live::EventRecord& event);

} // namespace vigil::ui
