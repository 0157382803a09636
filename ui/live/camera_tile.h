#pragma once
// CameraTile: one camera on the camera wall: its newest frame, the sparkline of its last two
// minutes, and one line of state (LIVE with the lag, STALE, ALERT with the open alert's peak,
// the share of snippets skipped, "alerts unreliable" when too many were), framed red while an
// alert is open. It keeps the camera's LiveHistory, so that Enter (or a double-click) opens
// the full live view from what the tile has seen. Focusable; GUI thread.

#include "ui/live/live_history.h"
#include "ui/live/live_status.h"

#include <QFrame>
#include <QPointer>

class QLabel;

namespace vigil::ui {

class LiveWindow;
class ScoreSparkline;
class VideoView;

class CameraTile : public QFrame {
    Q_OBJECT
public:
    CameraTile(QString name, LiveRequest request, LiveChannel* channel, int timelineMinutes,
        QWidget* parent = nullptr);

    const QString& name() const { return name_; }
    const LiveHistory& history() const { return history_; }
    QString stateText() const;
    bool isAlertShown() const { return history_.openAlert.has_value(); }
    bool isStale() const { return status_.isStale(LiveStatus::Clock::now()); }
    VideoView* video() const { return video_; }
    ScoreSparkline* sparkline() const { return sparkline_; }
    // The full live view of this camera, opened (or raised) on its history; it closes with
    // the wall, and the camera goes on when it is closed.
    LiveWindow* openView();
    LiveWindow* view() const { return view_; }
    // The time since the last frame moves on its own: the wall calls this every quarter second.
    void refresh();
    void showEnd(const QString& text);

signals:
    void activated(); // Enter or a double-click
    void arrowPressed(int key); // the wall moves the focus (a scroll area would take it)

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    void follow();
    void showFrame();
    void restyle();

    QString name_;
    LiveRequest request_;
    LiveChannel* channel_;
    int timelineMinutes_;
    LiveHistory history_;
    LiveStatus status_;
    QString endText_;
    VideoView* video_ = nullptr;
    ScoreSparkline* sparkline_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* state_ = nullptr;
    QPointer<LiveWindow> view_;
};

} // namespace vigil::ui
