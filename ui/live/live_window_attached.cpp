// The live view of one camera of the camera wall (live_window.h): attached to the wall's run.

#include "ui/live/live_window.h"

#include "ui/common/fitted_status_bar.h"
#include "ui/live/live_events_list.h"
#include "ui/live/live_recorder.h"
#include "ui/live/live_timeline_view.h"
#include "ui/main/video_view.h"

#include <QLabel>
#include <QPushButton>
#include <QTimer>

namespace vigil::ui {

LiveWindow::LiveWindow(LiveRequest request, LiveChannel* channel, const LiveHistory& history,
    int timelineMinutes, QWidget* parent)
    : QMainWindow(parent)
    , request_(std::move(request))
    , channel_(channel)
    , shownSource_(QString::fromStdString(request_.settings.reader.displayName))
    , ring_(ringForMinutes(timelineMinutes))
    , retryNow_(channel->retryNow())
    , frames_(channel->frames())
    , status_(LiveStatus::Clock::now())
    , task_(new BackgroundTask(QStringLiteral("vigil-live"), this)) // never started
{
    registerLiveMetaTypes();
    setWindowTitle(tr("LIVE %1 – Vigil").arg(shownSource_));
    createLayout();
    stopButton_->setText(tr("Close view"));
    stopButton_->setToolTip(
        tr("Close this view (Esc); the camera is still watched on the camera wall"));
    seed(history);
    connectChannel(channel_, false);
    connect(channel_, &LiveChannel::ended, this, &LiveWindow::channelEnded);
    statusTimer_->start();
}

// What the tile saw before the view opened: the same timeline, alerts and state.
void LiveWindow::seed(const LiveHistory& history)
{
    ring_ = history.ring;
    syncScrollBar();
    for (const live::EventRecord& event : history.alerts)
        events_->addAlert(event);
    if (history.openAlert) {
        events_->showOpenAlert(*history.openAlert);
        status_.alertChanged(true);
    }
    if (history.packets) {
        recorder_->setPackets(*history.packets);
        recordButton_->setEnabled(true);
    }
    if (history.status)
        showStatus(*history.status);
    if (!history.frame.isNull())
        showImage(history.frame);
}

void LiveWindow::channelEnded(const QString& text)
{
    if (hasEnded_)
        return;
    hasEnded_ = true;
    statusTimer_->stop();
    showEnd(text);
    stopButton_->setEnabled(true); // Close view still closes it
}

} // namespace vigil::ui
