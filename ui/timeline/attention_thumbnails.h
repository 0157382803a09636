#pragma once
// AttentionThumbnails: for the window under the playhead, one picture per attention row: the
// middle frame of the snippet that row weighs most, with the row, snippet, weight (in that
// window, framed in the heatmaps' colour of it) and time. The pictures are laid out in as many
// lines as makes them largest. Clicking a picture asks to seek there. Frames are decoded off the
// GUI thread by its own ThumbnailLoader and cached. GUI thread only.

#include "core/analysis/window_explanation.h"
#include "core/common/defaults.h"
#include "ui/tasks/analysis_worker.h"
#include "ui/timeline/attention_index.h"

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
    void setScale(AttentionScale scale); // of the frames' colour
    AttentionScale scale() const { return scale_; }
    // The snippet each row of the current window weighs most; empty without a window.
    const std::vector<Pick>& picks() const { return picks_; }
    bool hasImage(int64_t frame) const { return images_.contains(frame); }
    // The largest picture `count` pictures get in the current size (16:9 until a frame is in).
    QSizeF pictureSizeFor(int count) const;

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
    int columnsFor(int count) const; // pictures per line
    QRectF cellRect(int index) const;
    QString tooltipOf(const Pick& pick) const;

    static constexpr int kThumbnailWidthPx = 240;
    static constexpr int kCachedImages = 96;

    ThumbnailLoader* loader_;
    ResultPointer result_;
    AttentionIndex index_;
    double fps_ = defaults::kFallbackFps;
    int windowIndex_ = -1;
    AttentionScale scale_ = kDefaultAttentionScale;
    double aspect_ = 16.0 / 9.0; // width / height of the video's frames, once one is decoded
    std::vector<Pick> picks_;
    QHash<qint64, QImage> images_;
};

} // namespace vigil::ui
