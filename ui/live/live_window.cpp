#include "ui/live/live_window.h"

#include "ui/common/fitted_status_bar.h"
#include "ui/live/live_events_list.h"
#include "ui/live/live_recorder.h"
#include "ui/live/live_timeline_view.h"
#include "ui/main/video_view.h"
#include "ui/models/model_status_widget.h"

#include "core/live/watch_summary.h"

#include <QCloseEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace vigil::ui {
namespace {

constexpr int64_t kScrollUnitUs = 100000; // the scroll bar moves in tenths of a second

LiveStatus::Clock::time_point now()
{
    return LiveStatus::Clock::now();
}

} // namespace

LiveWindow::LiveWindow(LiveRequest request, int timelineMinutes, QWidget* parent)
    : QMainWindow(parent)
    , request_(std::move(request))
    , shownSource_(QString::fromStdString(request_.settings.reader.displayName))
    , ring_(ringForMinutes(timelineMinutes))
    , retryNow_(std::make_shared<live::RetryNow>())
    , frames_(std::make_shared<LatestFrame>())
    , status_(now())
    , task_(new BackgroundTask(QStringLiteral("vigil-live"), this))
{
    registerLiveMetaTypes();
    setWindowTitle(tr("LIVE %1 – Vigil").arg(shownSource_));
    createLayout();
    connectTask();
}

LiveWindow::~LiveWindow()
{
    // The task's last signals would reach a window that is going away.
    disconnect(task_, nullptr, this, nullptr);
    task_->cancelAndWait();
}

void LiveWindow::createLayout()
{
    video_ = new VideoView;
    video_->setMessage(tr("Connecting to %1…").arg(shownSource_));
    events_ = new LiveEventsList;
    events_->setOutputDir(QString::fromStdString(request_.settings.outputs.outputDir));
    auto* alertsPane = new QWidget;
    auto* alertsLayout = new QVBoxLayout(alertsPane);
    alertsLayout->setContentsMargins(0, 0, 0, 0);
    auto* alertsTitle = new QLabel(tr("<b>Alerts</b> (newest first)"));
    alertsTitle->setBuddy(events_);
    alertsLayout->addWidget(alertsTitle);
    alertsLayout->addWidget(events_, 1);
    auto* top = new QSplitter(Qt::Horizontal);
    top->addWidget(video_);
    top->addWidget(alertsPane);
    top->setCollapsible(1, false);
    top->setStretchFactor(0, 3);
    timeline_ = new LiveTimelineView(&ring_);
    timeline_->setThresholds(request_.settings.alerts.on, request_.settings.alerts.off);
    scrollBar_ = new QScrollBar(Qt::Horizontal);
    scrollBar_->setRange(0, 0);
    connect(scrollBar_, &QScrollBar::valueChanged, this, [this](int value) {
        const bool isNewest = value >= scrollBar_->maximum();
        timeline_->setViewEndUs(
            isNewest ? std::nullopt : std::optional<int64_t>(value * kScrollUnitUs));
    });
    olderNote_ = new QLabel(tr("Scores older than %1 min are in %2/scores.csv")
                                .arg(ring_.spanUs() / 60000000)
                                .arg(QString::fromStdString(request_.settings.outputs.outputDir)));
    olderNote_->setEnabled(false);
    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->addWidget(top, 3);
    layout->addWidget(timeline_, 2);
    layout->addWidget(scrollBar_);
    layout->addWidget(olderNote_);
    layout->addLayout(createControls());
    setCentralWidget(central);
    staleBadge_ = new QLabel(video_);
    staleBadge_->setObjectName(QStringLiteral("staleBadge"));
    staleBadge_->setStyleSheet(
        QStringLiteral("QLabel { background: #e65100; color: white; font-weight: bold; "
                       "padding: 2px 8px; border-radius: 3px; }"));
    staleBadge_->move(8, 8);
    staleBadge_->hide();
    createStatusBar();
}

QHBoxLayout* LiveWindow::createControls()
{
    stopButton_ = new QPushButton(tr("Stop"));
    stopButton_->setToolTip(tr("Stop watching (Esc); an open alert is closed and written"));
    connect(stopButton_, &QPushButton::clicked, this, &LiveWindow::stop);
    createRecordButton();
    retryButton_ = new QPushButton(tr("Retry now"));
    retryButton_->setToolTip(tr("Try to reach the source now instead of at the end of the wait"));
    retryButton_->hide();
    connect(retryButton_, &QPushButton::clicked, this, [this] {
        retryNow_->request();
        retryButton_->setEnabled(false); // until the next wait
    });
    // The networks behind the scores, as the main window says them: DEMO weights stand out.
    // Beside the buttons, not in the status bar, whose messages it would squeeze.
    modelStatus_ = new ModelStatusWidget(AnalysisEngine { request_.engine, {} });
    auto* controls = new QHBoxLayout;
    controls->addWidget(modelStatus_);
    controls->addStretch(1);
    controls->addWidget(retryButton_);
    controls->addWidget(recordButton_);
    controls->addWidget(stopButton_);
    return controls;
}

void LiveWindow::createStatusBar()
{
    statusBar_ = new FittedStatusBar(this);
    setStatusBar(statusBar_);
    liveLabel_ = new QLabel(tr("Connecting…"));
    skippedLabel_ = new QLabel;
    statusBar()->addPermanentWidget(skippedLabel_);
    statusBar()->addPermanentWidget(liveLabel_);
    // Beside the messages (notices replace it for a while, then it shows again).
    statusBar()->addWidget(new QLabel(shownSource_));
    statusTimer_ = new QTimer(this);
    statusTimer_->setInterval(250);
    connect(statusTimer_, &QTimer::timeout, this, &LiveWindow::refreshStatus);
}

void LiveWindow::createRecordButton()
{
    recorder_ = new LiveRecorder(QString::fromStdString(request_.settings.outputs.outputDir), this);
    recordButton_ = new QPushButton(tr("Record"));
    recordButton_->setCheckable(true);
    recordButton_->setEnabled(false);
    recordButton_->setToolTip(tr("Write the stream to a file by stream copy, from now until "
                                 "pressed again (what the packet ring holds: minutes, 64 MiB)"));
    connect(recordButton_, &QPushButton::toggled, this, &LiveWindow::toggleRecording);
    connect(
        recorder_, &LiveRecorder::written, this, [this](const QString& path, const QString& note) {
            statusBar_->say(note.isEmpty() ? tr("Recorded %1").arg(path)
                                           : tr("Recorded %1 (%2)").arg(path, note));
        });
    connect(recorder_, &LiveRecorder::failed, this,
        [this](const QString& message) { statusBar_->say(tr("Not recorded: %1").arg(message)); });
}

void LiveWindow::start()
{
    if (!isRunning())
        launch();
}

void LiveWindow::stop()
{
    if (channel_) {
        close(); // the camera goes on, on the wall
        return;
    }
    if (!isRunning())
        return;
    task_->cancel();
    stopButton_->setEnabled(false);
    liveLabel_->setText(tr("Stopping…"));
}

void LiveWindow::launch()
{
    // Owned by the job; its signals are emitted on the task's thread, so queued to this one.
    auto worker = std::make_shared<LiveWorker>(request_, retryNow_, frames_);
    connectChannel(worker.get(), true);
    task_->setFailureText([worker](const QString& what) { return worker->redacted(what); });
    status_ = LiveStatus(now());
    stopButton_->setEnabled(true);
    statusTimer_->start();
    task_->start([worker](TaskContext& context) { return worker->run(context); });
}

void LiveWindow::connectTask()
{
    connect(task_, &BackgroundTask::succeeded, this,
        [this](const QVariant& summary) { showEnd(summary.toString()); });
    connect(task_, &BackgroundTask::cancelled, this, [this] { showEnd(tr("stopped")); });
    connect(task_, &BackgroundTask::failed, this,
        [this](const QString& message) { showEnd(tr("Failed: %1").arg(message)); });
    connect(task_, &BackgroundTask::finished, this, [this] {
        statusTimer_->stop();
        emit finished();
    });
}

void LiveWindow::connectChannel(LiveChannel* worker, bool takesFrames)
{
    if (takesFrames)
        connect(worker, &LiveChannel::frameReady, this, &LiveWindow::showFrame);
    connect(worker, &LiveChannel::stepScored, this, &LiveWindow::addStep);
    connect(worker, &LiveChannel::statusChanged, this, &LiveWindow::showStatus);
    connect(worker, &LiveChannel::alertOpenChanged, this, [this](const live::Alert& alert) {
        events_->showOpenAlert(alert);
        status_.alertChanged(true);
    });
    connect(worker, &LiveChannel::alertClosed, events_, &LiveEventsList::addAlert);
    connect(worker, &LiveChannel::alertOpenEnded, this, [this] {
        events_->clearOpenAlert();
        status_.alertChanged(false);
        refreshStatus();
    });
    connect(worker, &LiveChannel::retryWaiting, this, [this](const live::RetryWait& wait) {
        status_.retryWaiting(wait, now());
        retryButton_->setEnabled(true);
        if (!wait.hasConnected)
            video_->setMessage(
                tr("Not reachable yet, trying again: %1").arg(QString::fromStdString(wait.reason)));
        refreshStatus();
    });
    connect(worker, &LiveChannel::packetsChanged, this, [this](const live::ClipSource& packets) {
        recorder_->setPackets(packets);
        recordButton_->setEnabled(true);
    });
    connect(worker, &LiveChannel::notice, this,
        [this](const QString& text) { statusBar_->say(text, 10000); });
}

void LiveWindow::toggleRecording(bool isOn)
{
    if (!isOn) {
        recorder_->stop(frames_->streamUs());
        recordButton_->setText(tr("Record"));
        return;
    }
    if (!recorder_->start(frames_->streamUs())) {
        const QSignalBlocker blocker(recordButton_);
        recordButton_->setChecked(false);
        statusBar_->say(tr("Nothing to record yet (or the last recording is still "
                           "being written)"));
        return;
    }
    recordButton_->setText(tr("● REC"));
}

void LiveWindow::showFrame()
{
    if (std::optional<QImage> image = frames_->take())
        showImage(*image);
}

void LiveWindow::showImage(const QImage& image)
{
    video_->setImage(image);
    status_.frameShown(now());
}

void LiveWindow::addStep(const live::LiveStep& step)
{
    ring_.push(step);
    syncScrollBar();
    olderNote_->setEnabled(ring_.droppedSteps() > 0);
    timeline_->update();
}

void LiveWindow::syncScrollBar()
{
    const int64_t span = timeline_->visibleSpanUs();
    const int low = static_cast<int>((ring_.firstUs() + span) / kScrollUnitUs);
    const int high = std::max(low, static_cast<int>(ring_.lastUs() / kScrollUnitUs));
    const bool isFollowing = timeline_->isFollowing();
    const QSignalBlocker blocker(scrollBar_);
    scrollBar_->setRange(low, high);
    scrollBar_->setPageStep(static_cast<int>(span / kScrollUnitUs));
    if (isFollowing)
        scrollBar_->setValue(high);
}

void LiveWindow::showStatus(const live::WatchStatus& status)
{
    status_.stepScored(status);
    refreshStatus();
    skippedLabel_->setText(status.skippedSnippets > 0
            ? tr("%1 skipped (not scored) to stay live")
                  .arg(QString::fromStdString(
                      live::countOf(status.skippedSnippets, "snippet", "snippets")))
            : QString());
}

// Also every quarter second: the time since the last frame and the countdown move on their own.
void LiveWindow::refreshStatus()
{
    if (!isRunning() || task_->isCancelled())
        return;
    const auto at = now();
    liveLabel_->setText(status_.text(at));
    retryButton_->setVisible(status_.isWaitingToRetry(at));
    staleBadge_->setVisible(status_.isStale(at));
    if (staleBadge_->isVisible()) {
        staleBadge_->setText(tr("STALE · %1 s").arg(*status_.secondsSinceFrame(at), 0, 'f', 0));
        staleBadge_->adjustSize();
    }
}

void LiveWindow::showEnd(const QString& text)
{
    if (recordButton_->isChecked())
        recordButton_->setChecked(false); // written from the ring, which outlives the run
    recordButton_->setEnabled(false);
    retryButton_->hide();
    staleBadge_->hide(); // the label says Stopped: the frame left is the last one, as it says
    liveLabel_->setText(tr("Stopped"));
    stopButton_->setEnabled(false);
    statusBar_->say(tr("%1: %2").arg(shownSource_, text));
    if (!frames_->take() && video_->image().isNull())
        video_->setMessage(text);
}

void LiveWindow::closeEvent(QCloseEvent* event)
{
    if (!channel_)
        stop();
    task_->cancelAndWait(); // the open alert is written before the window goes
    event->accept();
}

void LiveWindow::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        stop();
        return;
    }
    QMainWindow::keyPressEvent(event);
}

} // namespace vigil::ui
