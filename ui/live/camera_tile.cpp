#include "ui/live/camera_tile.h"

#include "core/common/defaults.h"
#include "ui/common/screen_fit.h"
#include "ui/live/live_window.h"
#include "ui/live/score_sparkline.h"
#include "ui/main/video_view.h"

#include <QKeyEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace vigil::ui {

CameraTile::CameraTile(
    QString name, LiveRequest request, LiveChannel* channel, int timelineMinutes, QWidget* parent)
    : QFrame(parent)
    , name_(std::move(name))
    , request_(std::move(request))
    , channel_(channel)
    , timelineMinutes_(timelineMinutes)
    , history_(timelineMinutes)
    , status_(LiveStatus::Clock::now())
{
    setFocusPolicy(Qt::StrongFocus);
    setFrameShape(QFrame::StyledPanel);
    setLineWidth(2);
    setAccessibleName(tr("Camera %1").arg(name_));
    title_ = new QLabel(tr("<b>%1</b>").arg(name_.toHtmlEscaped()));
    title_->setToolTip(QString::fromStdString(request_.settings.reader.displayName));
    video_ = new VideoView;
    video_->setMessage(tr("Connecting…"));
    video_->setMinimumSize(120, 68);
    // The frame takes what the wall gives the tile: its size never makes the wall scroll.
    video_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    sparkline_ = new ScoreSparkline(&history_.ring, request_.settings.alerts.on);
    state_ = new QLabel(tr("Connecting…"));
    state_->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(3);
    layout->addWidget(title_);
    layout->addWidget(video_, 1);
    layout->addWidget(sparkline_);
    layout->addWidget(state_);
    follow();
    restyle();
}

void CameraTile::follow()
{
    history_.follow(*channel_, this);
    connect(channel_, &LiveChannel::frameReady, this, &CameraTile::showFrame);
    connect(channel_, &LiveChannel::stepScored, sparkline_, qOverload<>(&QWidget::update));
    connect(channel_, &LiveChannel::statusChanged, this, [this](const live::WatchStatus& status) {
        status_.stepScored(status);
        refresh();
    });
    connect(channel_, &LiveChannel::alertOpenChanged, this, [this] {
        status_.alertChanged(true);
        refresh();
    });
    connect(channel_, &LiveChannel::alertOpenEnded, this, [this] {
        status_.alertChanged(false);
        refresh();
    });
    connect(channel_, &LiveChannel::retryWaiting, this, [this](const live::RetryWait& wait) {
        status_.retryWaiting(wait, LiveStatus::Clock::now());
        refresh();
    });
}

// The tile takes the channel's frame and hands it to the open view: the frame slot has one
// taker.
void CameraTile::showFrame()
{
    if (std::optional<QImage> image = channel_->frames()->take()) {
        history_.frame = *image;
        video_->setImage(*image);
        status_.frameShown(LiveStatus::Clock::now());
        if (view_)
            view_->showImage(*image);
    }
}

QString CameraTile::stateText() const
{
    if (!endText_.isEmpty()) // the summary: "stopped; 42 steps scored, …" or why it ended
        return endText_.left(1).toUpper() + endText_.mid(1);
    QString text = status_.text(LiveStatus::Clock::now());
    if (history_.openAlert)
        text += tr(" · peak %1").arg(history_.openAlert->peak.score, 0, 'f', 2);
    if (const std::optional<live::WatchStatus>& status = history_.status) {
        if (status->decodeFps >= 0.0)
            text += tr(" · decode %1 fps").arg(status->decodeFps, 0, 'f', 0);
        if (status->skippedShare > 0.0)
            text += tr(" · %1 % skipped").arg(status->skippedShare * 100.0, 0, 'f', 0);
        if (status->skippedShare > 1.0 - defaults::kLiveMinScoredShare)
            text += tr(" · alerts unreliable");
    }
    return text;
}

void CameraTile::refresh()
{
    state_->setText(stateText());
    restyle();
}

void CameraTile::restyle()
{
    // Red while an alert is open, the palette's highlight while focused.
    const QString colour = isAlertShown() ? QStringLiteral("#d32f2f")
        : hasFocus()                      ? palette().color(QPalette::Highlight).name()
                                          : QStringLiteral("transparent");
    setStyleSheet(QStringLiteral("vigil--ui--CameraTile { border: 3px solid %1; }").arg(colour));
}

void CameraTile::showEnd(const QString& text)
{
    endText_ = text;
    refresh();
    if (view_)
        view_->channelEnded(text);
}

LiveWindow* CameraTile::openView()
{
    if (!view_) {
        view_ = new LiveWindow(request_, channel_, history_, timelineMinutes_, window());
        view_->setAttribute(Qt::WA_DeleteOnClose);
        view_->setWindowTitle(tr("LIVE %1 – Vigil").arg(name_));
        resizeWithinScreen(view_, QSize(1000, 700));
        if (!endText_.isEmpty())
            view_->channelEnded(endText_);
    }
    view_->show();
    view_->raise();
    view_->activateWindow();
    return view_;
}

void CameraTile::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        emit activated();
        return;
    }
    if (event->key() == Qt::Key_Left || event->key() == Qt::Key_Right || event->key() == Qt::Key_Up
        || event->key() == Qt::Key_Down) {
        emit arrowPressed(event->key());
        return;
    }
    QFrame::keyPressEvent(event);
}

void CameraTile::mouseDoubleClickEvent(QMouseEvent*)
{
    emit activated();
}

void CameraTile::focusInEvent(QFocusEvent* event)
{
    QFrame::focusInEvent(event);
    restyle();
}

void CameraTile::focusOutEvent(QFocusEvent* event)
{
    QFrame::focusOutEvent(event);
    restyle();
}

} // namespace vigil::ui
