#pragma once
// The shared horizontal mapping of the timeline and the heatmaps: which frames are visible, and
// FrameAxis, the x <-> frame conversion for a widget's plot area. TimelineViewport lives on the
// GUI thread and is owned by the panel that holds both views, so they zoom and pan together.

#include <QObject>

#include <cstdint>

namespace vigil::ui {

// Plot margins shared by every view on the viewport, so that their x axes line up exactly: the
// left one holds axis and row labels, the right one the threshold label and the colour bar.
constexpr int kPlotLeftMarginPx = 64;
constexpr int kPlotRightMarginPx = 92;

// Frame f covers [xOf(f), xOf(f + 1)) on screen.
struct FrameAxis {
    double firstFrame = 0.0; // frame at leftPx
    double visibleFrames = 1.0;
    double leftPx = 0.0;
    double widthPx = 1.0;

    double xOf(double frame) const
    {
        return leftPx + (frame - firstFrame) / visibleFrames * widthPx;
    }
    double frameAt(double x) const { return firstFrame + (x - leftPx) / widthPx * visibleFrames; }
};

class TimelineViewport : public QObject {
    Q_OBJECT
public:
    explicit TimelineViewport(QObject* parent = nullptr);

    int64_t frameCount() const { return frameCount_; }
    double firstFrame() const { return firstFrame_; }
    double visibleFrames() const { return visibleFrames_; }
    FrameAxis axis(double leftPx, double widthPx) const;

    // Fewest frames a view shows, so that a frame never gets wider than a few dozen pixels.
    static constexpr double kMinVisibleFrames = 24.0;

public slots:
    void setFrameCount(int64_t frameCount); // also fits the whole video
    void fit();
    // factor < 1 zooms in; the frame under anchorFrame stays where it is on screen.
    void zoomAround(double anchorFrame, double factor);
    void panBy(double frames);
    void setFirstFrame(double firstFrame);
    void ensureVisible(int64_t frame);

signals:
    void changed();

private:
    void clampAndNotify();

    int64_t frameCount_ = 0;
    double firstFrame_ = 0.0;
    double visibleFrames_ = 1.0;
};

} // namespace vigil::ui
