#pragma once
// VideoPanel: the video view with its transport row (buttons for the window's playback actions,
// time, frame number, score and playback speed). Owns the FrameProvider of the open video and
// the playback timer; playing decodes one frame per tick at the video's frame rate times the
// speed (0.25x to 16x; faster than a tick per frame skips frames), and can loop a range of
// frames (the current event). GUI thread only; never throws: decode failures are shown in the
// view.

#include "ui/main/frame_provider.h"
#include "ui/main/playback_speed.h"

#include <QWidget>

#include <memory>
#include <vector>

class QAction;
class QHBoxLayout;
class QPushButton;
class QTimer;

namespace vigil::ui {

class ElidedLabel;
class VideoView;

class VideoPanel : public QWidget {
    Q_OBJECT
public:
    explicit VideoPanel(QWidget* parent = nullptr);
    ~VideoPanel() override;

    // Opens path for display; on failure returns false and sets errorText.
    bool openVideo(const QString& path, QString* errorText);
    void closeVideo();
    bool hasVideo() const { return frames_ != nullptr; }
    void setFramePtsUs(std::vector<int64_t> framePtsUs);
    void setFrameScores(std::vector<float> frameScores);
    // Buttons of the transport row; the actions stay owned by the caller.
    void addTransportAction(QAction* action);
    // A large button under the empty view (no video open), e.g. Try the demo; the action stays
    // owned by the caller.
    void setEmptyStateAction(QAction* action);
    QPushButton* emptyStateButton() const { return emptyButton_; }

    int64_t currentFrame() const { return currentFrame_; }
    int64_t frameCount() const { return frames_ ? frames_->frameCount() : 0; }
    double framesPerSecond() const;
    bool isPlaying() const;
    QImage currentImage() const;
    VideoView* view() const { return view_; }
    double speed() const { return speed_.factor(); }
    bool isLooping() const { return loopLastFrame_ >= 0; }

public slots:
    void seek(int64_t frame);
    void stepFrames(int64_t delta);
    void togglePlayback();
    void pause();
    // L and J: one speed step faster or slower; either starts playback when paused.
    void playFaster();
    void playSlower();
    // Playback from lastFrame goes back to firstFrame; seeking elsewhere keeps the loop.
    void setLoop(int64_t firstFrame, int64_t lastFrame);
    void clearLoop();

signals:
    void currentFrameChanged(int64_t frame);
    void playbackChanged(bool isPlaying);
    void speedChanged(double factor);
    void loopChanged(bool isLooping);

private:
    void advancePlayback();
    void applySpeed();
    void updateReadout();

    VideoView* view_;
    QHBoxLayout* transport_;
    ElidedLabel* readout_;
    QPushButton* emptyButton_ = nullptr;
    QTimer* timer_;
    std::unique_ptr<FrameProvider> frames_;
    std::vector<float> frameScores_;
    int64_t currentFrame_ = 0;
    PlaybackSpeed speed_;
    int64_t loopFirstFrame_ = 0;
    int64_t loopLastFrame_ = -1; // -1: no loop
};

} // namespace vigil::ui
