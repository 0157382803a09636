#pragma once
// FrameAxisWidget: the base of the views drawn along the video's frames (timeline, heatmaps).
// It maps x to frames through a shared TimelineViewport, draws the playhead, and turns the mouse
// into navigation: left click or drag seeks, the wheel zooms around the cursor, Shift+wheel or a
// middle-button drag pans. GUI thread only; the viewport is owned elsewhere and must outlive it.

#include "ui/timeline/timeline_viewport.h"

#include <QWidget>

namespace vigil::ui {

class FrameAxisWidget : public QWidget {
    Q_OBJECT
public:
    explicit FrameAxisWidget(TimelineViewport* viewport, QWidget* parent = nullptr);

    TimelineViewport* viewport() const { return viewport_; }
    QRectF plotRect() const;
    FrameAxis axis() const;
    int64_t playheadFrame() const { return playheadFrame_; }
    // The frame under x, clamped to the video; -1 when the video has no frames.
    int64_t frameAtX(double x) const;

public slots:
    void setPlayheadFrame(int64_t frame);

signals:
    void seekRequested(int64_t frame);

protected:
    // Space below the plot, e.g. for the time axis labels.
    virtual int bottomMarginPx() const { return 4; }
    virtual int topMarginPx() const { return 4; }
    void paintPlayhead(QPainter& painter) const;

    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    enum class Drag { None, Seek, Pan };

    TimelineViewport* viewport_;
    int64_t playheadFrame_ = 0;
    Drag drag_ = Drag::None;
    double lastPanX_ = 0.0;
};

} // namespace vigil::ui
