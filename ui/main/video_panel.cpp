#include "ui/main/video_panel.h"
#include "core/common/defaults.h"

#include "core/common/error.h"
#include "ui/common/elided_label.h"
#include "ui/common/time_format.h"
#include "ui/main/video_view.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <exception>

namespace vigil::ui {

VideoPanel::VideoPanel(QWidget* parent)
    : QWidget(parent)
    , view_(new VideoView(this))
    , transport_(new QHBoxLayout)
    , readout_(new ElidedLabel({}, this))
    , timer_(new QTimer(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(view_, 1);
    transport_->setContentsMargins(4, 0, 4, 0);
    transport_->setSpacing(2);
    transport_->addStretch(1);
    readout_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont mono = readout_->font();
    mono.setStyleHint(QFont::Monospace);
    mono.setFamily(QStringLiteral("monospace"));
    readout_->setFont(mono);
    readout_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    transport_->addWidget(readout_); // its whole text when there is room, elided when not
    layout->addLayout(transport_);
    timer_->setTimerType(Qt::PreciseTimer);
    connect(timer_, &QTimer::timeout, this, &VideoPanel::advancePlayback);
    updateReadout();
}

VideoPanel::~VideoPanel() = default;

void VideoPanel::addTransportAction(QAction* action)
{
    auto* button = new QToolButton(this);
    button->setDefaultAction(action);
    button->setAutoRaise(true);
    button->setFocusPolicy(Qt::NoFocus);
    transport_->insertWidget(transport_->count() - 2, button);
}

void VideoPanel::setEmptyStateAction(QAction* action)
{
    emptyButton_ = new QPushButton(action->text().remove(QLatin1Char('&')), this);
    emptyButton_->setObjectName(QStringLiteral("tryDemoButton"));
    emptyButton_->setToolTip(action->toolTip());
    emptyButton_->setMinimumHeight(40);
    emptyButton_->setEnabled(action->isEnabled());
    connect(action, &QAction::changed, emptyButton_,
        [this, action] { emptyButton_->setEnabled(action->isEnabled()); });
    connect(emptyButton_, &QPushButton::clicked, action, &QAction::trigger);
    auto* row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(emptyButton_);
    row->addStretch(1);
    auto* column = static_cast<QVBoxLayout*>(layout());
    column->insertLayout(1, row); // under the view, above the transport row
    emptyButton_->setVisible(!hasVideo());
}

bool VideoPanel::openVideo(const QString& path, QString* errorText)
{
    pause();
    try {
        frames_ = std::make_unique<FrameProvider>(path.toStdString());
    } catch (const std::exception& error) {
        frames_.reset();
        if (emptyButton_)
            emptyButton_->show();
        if (errorText)
            *errorText = QString::fromStdString(error.what());
        view_->setImage({});
        view_->setMessage(
            tr("Cannot open this video:\n%1").arg(QString::fromStdString(error.what())));
        updateReadout();
        return false;
    }
    frameScores_.clear();
    if (emptyButton_)
        emptyButton_->hide();
    clearLoop();
    applySpeed();
    currentFrame_ = -1;
    seek(0);
    return true;
}

void VideoPanel::closeVideo()
{
    pause();
    frames_.reset();
    frameScores_.clear();
    currentFrame_ = 0;
    view_->setImage({});
    view_->setMessage({});
    if (emptyButton_)
        emptyButton_->show();
    updateReadout();
}

void VideoPanel::setFramePtsUs(std::vector<int64_t> framePtsUs)
{
    if (frames_)
        frames_->setFramePtsUs(std::move(framePtsUs));
    updateReadout();
}

void VideoPanel::setFrameScores(std::vector<float> frameScores)
{
    frameScores_ = std::move(frameScores);
    updateReadout();
}

double VideoPanel::framesPerSecond() const
{
    return defaults::fpsOrFallback(frames_ ? frames_->info().fps : 0.0);
}

bool VideoPanel::isPlaying() const
{
    return timer_->isActive();
}

QImage VideoPanel::currentImage() const
{
    return view_->image();
}

void VideoPanel::seek(int64_t frame)
{
    if (!frames_)
        return;
    frame = std::clamp<int64_t>(frame, 0, std::max<int64_t>(frames_->frameCount() - 1, 0));
    if (frame == currentFrame_)
        return;
    try {
        const QImage image = frames_->frameAt(frame);
        if (image.isNull()) {
            pause(); // past the real end: the container's frame count was an overestimate
            return;
        }
        view_->setImage(image);
    } catch (const std::exception& error) {
        pause();
        view_->setImage({});
        view_->setMessage(
            tr("Cannot show frame %1:\n%2").arg(frame).arg(QString::fromStdString(error.what())));
    }
    currentFrame_ = frame;
    updateReadout();
    emit currentFrameChanged(currentFrame_);
}

void VideoPanel::stepFrames(int64_t delta)
{
    pause();
    seek(currentFrame_ + delta);
}

void VideoPanel::togglePlayback()
{
    if (isPlaying()) {
        pause();
        return;
    }
    if (!frames_)
        return;
    if (currentFrame_ >= frames_->frameCount() - 1)
        seek(0);
    timer_->start();
    emit playbackChanged(true);
}

void VideoPanel::pause()
{
    if (!timer_->isActive())
        return;
    timer_->stop();
    emit playbackChanged(false);
}

// While paused, L and J first start playback at the speed shown (as in video editors: one
// press plays, the next ones change the speed), instead of jumping a step before the first frame.
void VideoPanel::playFaster()
{
    if (isPlaying()) {
        speed_.faster();
        applySpeed();
        return;
    }
    togglePlayback();
}

void VideoPanel::playSlower()
{
    if (isPlaying()) {
        speed_.slower();
        applySpeed();
        return;
    }
    togglePlayback();
}

void VideoPanel::setLoop(int64_t firstFrame, int64_t lastFrame)
{
    loopFirstFrame_ = std::max<int64_t>(firstFrame, 0);
    loopLastFrame_ = std::max(lastFrame, loopFirstFrame_);
    updateReadout();
    emit loopChanged(true);
}

void VideoPanel::clearLoop()
{
    const bool wasLooping = isLooping();
    loopLastFrame_ = -1;
    updateReadout();
    if (wasLooping)
        emit loopChanged(false);
}

void VideoPanel::applySpeed()
{
    timer_->setInterval(speed_.tickMs(framesPerSecond()));
    updateReadout();
    emit speedChanged(speed_.factor());
}

void VideoPanel::advancePlayback()
{
    const int64_t before = currentFrame_;
    const int64_t next = currentFrame_ + speed_.framesPerTick(framesPerSecond());
    const bool isInLoop = isLooping() && before >= loopFirstFrame_ && before <= loopLastFrame_;
    if (isInLoop && next > loopLastFrame_) {
        seek(loopFirstFrame_);
        return;
    }
    seek(next);
    if (currentFrame_ == before)
        pause();
}

// Every field has a fixed width for the open video (frame numbers padded to its frame count,
// the score and "loop" always holding their place), so that nothing beside the readout moves
// while it plays.
void VideoPanel::updateReadout()
{
    if (!frames_) {
        readout_->setText(QStringLiteral("--:--.- / --:--.-   frame - / -"));
        return;
    }
    const int64_t count = frames_->frameCount();
    const int digits = static_cast<int>(QString::number(std::max<int64_t>(count - 1, 0)).size());
    const bool hasScore
        = currentFrame_ >= 0 && currentFrame_ < static_cast<int64_t>(frameScores_.size());
    const QString score = hasScore
        ? QString::number(frameScores_[static_cast<size_t>(currentFrame_)], 'f', 3)
        : QStringLiteral("  -  ");
    // The speed and the loop right after the time: in a narrow panel the tail is elided, and
    // a reviewer must still see that playback runs at 2x in a loop.
    readout_->setText(QStringLiteral("%1 / %2  %3 %4   frame %5 / %6   score %7")
                          .arg(formatTime(frames_->timeOfFrameS(currentFrame_), true),
                              formatTime(static_cast<double>(count) / framesPerSecond(), true))
                          .arg(speed_.text(), 5)
                          .arg(isLooping() ? tr("loop") : QStringLiteral("    "))
                          .arg(currentFrame_, digits, 10, QLatin1Char(' '))
                          .arg(count - 1)
                          .arg(score));
}

} // namespace vigil::ui
