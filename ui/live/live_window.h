#pragma once
// LiveWindow: the desktop app's view of a live source (File > Open Stream…), on the engine of
// `vigil watch`: a LiveWorker runs the WatchSession as a BackgroundTask's job, writing the same
// files (scores.csv, events.jsonl, thumbnails, clips) into the output folder. It shows the newest
// frame, the rolling timeline and heatmaps of the last minutes (a LiveTimelineRing; older
// scores are in scores.csv), the alerts (the open one at once, marked open), and in the status
// bar the networks (with the DEMO badge of demo weights), LIVE with the lag or STALE when frames
// stop (LiveStatus), skipped snippets, and while the source is away the countdown to the next
// attempt with Retry now. Stop (or Esc, or closing) cancels the run; the open alert is then
// closed and written. Source names shown are always redacted. GUI thread only.
//
// A camera of the camera wall opens one attached to the wall's run instead (its channel, and the
// tile's history to start from; live_window_attached.cpp): it runs nothing of its own, its Stop
// becomes Close view, and the camera goes on when it closes.

#include "ui/live/live_history.h"
#include "ui/live/live_status.h"
#include "ui/live/live_timeline_ring.h"
#include "ui/live/live_worker.h"
#include "ui/tasks/background_task.h"

#include <QMainWindow>

#include <chrono>
#include <memory>

class QHBoxLayout;
class QLabel;
class QPushButton;
class QScrollBar;
class QTimer;

namespace vigil::ui {

class FittedStatusBar;
class LiveEventsList;
class LiveRecorder;
class LiveTimelineView;
class ModelStatusWidget;
class VideoView;

class LiveWindow : public QMainWindow {
    Q_OBJECT
public:
    // timelineMinutes: how far back the timeline can scroll (Settings; default 10).
    LiveWindow(LiveRequest request, int timelineMinutes, QWidget* parent = nullptr);
    // Attached to a run of the camera wall: channel outlives the window; its frames come through
    // showImage (the tile takes them).
    LiveWindow(LiveRequest request, LiveChannel* channel, const LiveHistory& history,
        int timelineMinutes, QWidget* parent = nullptr);
    ~LiveWindow() override;

    bool isRunning() const { return channel_ ? !hasEnded_ : task_->isRunning(); }
    bool isAttached() const { return channel_ != nullptr; }
    void showImage(const QImage& image);
    void channelEnded(const QString& text); // the wall's run ended for this camera
    const LiveTimelineRing& ring() const { return ring_; }
    LiveTimelineView* timeline() const { return timeline_; }
    LiveEventsList* events() const { return events_; }
    VideoView* video() const { return video_; }
    QLabel* liveLabel() const { return liveLabel_; }
    QLabel* skippedLabel() const { return skippedLabel_; }
    QPushButton* stopButton() const { return stopButton_; }
    QPushButton* recordButton() const { return recordButton_; }
    QPushButton* retryButton() const { return retryButton_; }
    QLabel* staleBadge() const { return staleBadge_; }
    ModelStatusWidget* modelStatus() const { return modelStatus_; }
    LiveRecorder* recorder() const { return recorder_; }

public slots:
    void start();
    void stop(); // thread-safe through the token; returns at once

signals:
    void finished();

protected:
    void closeEvent(QCloseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void createLayout();
    QHBoxLayout* createControls();
    void createRecordButton();
    void createStatusBar();
    void launch();
    void connectChannel(LiveChannel* channel, bool takesFrames);
    void seed(const LiveHistory& history);
    void connectTask();
    void showFrame();
    void addStep(const live::LiveStep& step);
    void showStatus(const live::WatchStatus& status);
    void showEnd(const QString& text);
    void refreshStatus();
    void syncScrollBar();
    void toggleRecording(bool isOn);

    LiveRequest request_;
    LiveChannel* channel_ = nullptr; // attached: the wall's; else the own task's worker
    bool hasEnded_ = false;
    QString shownSource_;
    LiveTimelineRing ring_;
    std::shared_ptr<live::RetryNow> retryNow_;
    std::shared_ptr<LatestFrame> frames_;
    LiveStatus status_;
    BackgroundTask* task_; // the session's thread and token
    VideoView* video_ = nullptr;
    LiveTimelineView* timeline_ = nullptr;
    QScrollBar* scrollBar_ = nullptr;
    QLabel* olderNote_ = nullptr;
    LiveEventsList* events_ = nullptr;
    FittedStatusBar* statusBar_ = nullptr;
    QLabel* liveLabel_ = nullptr;
    QLabel* skippedLabel_ = nullptr;
    QPushButton* stopButton_ = nullptr;
    QPushButton* recordButton_ = nullptr;
    QPushButton* retryButton_ = nullptr;
    QLabel* staleBadge_ = nullptr; // over the video's corner while the frame shown is stale
    ModelStatusWidget* modelStatus_ = nullptr;
    LiveRecorder* recorder_ = nullptr;
    QTimer* statusTimer_ = nullptr; // the countdown and the time since the last frame
};

} // namespace vigil::ui
