#pragma once
// AttentionThumbnails: for the window under the playhead, one picture per attention row: the
// middle frame of the snippet that row weighs most, with the row, snippet, weight and time.
// Clicking a picture asks to seek there. Frames are decoded off the GUI thread by its own
// ThumbnailLoader and cached. GUI thread only.

#include "core/analysis/window_explanation.h"
#include "core/common/defaults.h"
#include "ui/analysis_worker.h"
#include "ui/attention_index.h"

#include <QHash>
#include <QImage>
#include <QWidget>

#include <vector>

namespace vigil::ui {

class ThumbnailLoader;

class AttentionThumbnails : public QWidget {
    Q_OBJECT
public:
    struct Pick {
        int row = 0;
        int64_t step = 0;
        int64_t frame = 0; // the snippet's middle frame
        float weight = 0.0f;
        // Steps of the window whose weight ties with this one (itself included): more than one
        // and the picture is only the first of them; all of them and the row is uniform.
        int64_t tiedSteps = 1;
        int64_t windowSteps = 1;
        bool isUniform() const { return windowSteps > 1 && tiedSteps == windowSteps; }
    };

    explicit AttentionThumbnails(QWidget* parent = nullptr);

    void setVideo(const QString& path, double framesPerSecond);
    void setResult(ResultPointer result);
    // The snippet each row of the current window weighs most; empty without a window.
    const std::vector<Pick>& picks() const { return picks_; }
    bool hasImage(int64_t frame) const { return images_.contains(frame); }

    QSize sizeHint() const override { return { 520, 150 }; }
    QSize minimumSizeHint() const override { return { 200, 110 }; }

public slots:
    void setPlayheadFrame(int64_t frame);

signals:
    void seekRequested(int64_t frame);

protected:
    bool event(QEvent* event) override; // a tooltip per picture
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void pickForWindow(int windowIndex);
    QRectF cellRect(int index) const;
    QString tooltipOf(const Pick& pick) const;

    static constexpr int kThumbnailWidthPx = 240;
    static constexpr int kCachedImages = 96;

    ThumbnailLoader* loader_;
    ResultPointer result_;
    AttentionIndex index_;
    double fps_ = defaults::kFallbackFps;
    int windowIndex_ = -1;
    std::vector<Pick> picks_;
    QHash<qint64, QImage> images_;
};

} // namespace vigil::ui
