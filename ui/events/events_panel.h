#pragma once
// EventsPanel: the events of the shown result above the one event threshold (EventThreshold),
// with a box to type the threshold in, the choice of the scores they come from (EventSourceBox:
// the classifier, one detector, or at least k of n), a thumbnail of each event's peak frame
// (decoded by a ThumbnailLoader off the GUI thread), the "reviewed" marks kept in a sidecar next to
// the result (formats::review_sidecar: <base>.reviewed.json beside a saved result, else beside the
// video, where `vigil analyze` would put the result), and the events' exports: a clip by stream
// copy (ClipExport, on its own thread) or the peak frame as a PNG. Observes the CurrentAnalysis and
// the threshold; the EventsTable under it asks to seek. GUI thread only; the analysis and
// threshold outlive it.

#include "core/analysis/event_rule.h"
#include "core/clips/event_clips.h"
#include "core/formats/review_sidecar.h"
#include "ui/tasks/analysis_worker.h"

#include <QString>
#include <QWidget>

#include <optional>

class QDoubleSpinBox;
class QLabel;

namespace vigil::ui {

class ClipExport;
class CurrentAnalysis;
class DetectorThresholdsBox;
class EventSourceBox;
class EventThreshold;
class EventsTable;
class ThumbnailLoader;

class EventsPanel : public QWidget {
    Q_OBJECT
public:
    EventsPanel(CurrentAnalysis* analysis, EventThreshold* threshold, QWidget* parent = nullptr);

    EventsTable* table() const { return table_; }
    QDoubleSpinBox* thresholdBox() const { return thresholdBox_; }
    // Its sourceChanged is what the timeline's event marks and the Explain panel follow.
    EventSourceBox* sourceBox() const { return sourceBox_; }
    DetectorThresholdsBox* detectorThresholds() const { return detectorThresholds_; }
    // The one event rule as the panel's boxes set it (core/analysis/event_rule.h).
    analysis::EventRule eventRule() const;
    ClipExport* clipExport() const { return clipExport_; }
    const QString& sidecarPath() const { return sidecarPath_; }
    // A saved result is shown: its marks are those beside it.
    void setResultFile(const QString& jsonPath);
    // "Incomplete: …" over the list while the analysis runs or after it was cancelled; empty
    // when the list holds the whole video's events.
    QString incompleteText() const;

    // Where Export clip proposes to write event's clip: <export folder>/<stem>.event-NN<ext>, the
    // name `vigil clips` gives it (clips::planEventClips); empty when there is none.
    QString defaultClipPath(const analysis::ScoreEvent& event) const;

signals:
    // After every change of the list: the timeline shades exactly these.
    void eventsChanged(const std::vector<vigil::analysis::ScoreEvent>& events);

public slots:
    // Cuts the event's stretch as `vigil clips` does (clips::planEventClips: frame timestamps,
    // 2 s either side) into outputPath on ClipExport's thread; the outcome is shown under the
    // list.
    void exportClip(const vigil::analysis::ScoreEvent& event, const QString& outputPath);
    // Export clip… and Export peak frame…, from the list's menu or File > Export: asks where.
    void chooseClipFile(const vigil::analysis::ScoreEvent& event);
    void exportPeakFrame(const vigil::analysis::ScoreEvent& event);

private:
    void updateEvents();
    void useSidecar(const QString& path);
    void markReviewed(const analysis::ScoreEvent& event, bool isReviewed);
    // Throws MediaError when the video cannot be opened.
    std::optional<clips::PlannedClip> plannedClip(const analysis::ScoreEvent& event) const;
    void showNote(const QString& text);
    void showCompleteness(const ResultPointer& shown);

    CurrentAnalysis* analysis_;
    EventThreshold* threshold_;
    QDoubleSpinBox* thresholdBox_;
    EventSourceBox* sourceBox_;
    DetectorThresholdsBox* detectorThresholds_;
    EventsTable* table_;
    QLabel* note_;
    QLabel* incomplete_; // over the list while its events are those of part of the video
    ThumbnailLoader* thumbnails_;
    ClipExport* clipExport_;
    QString sidecarPath_;
    formats::ReviewedEvents reviewed_;
};

} // namespace vigil::ui
