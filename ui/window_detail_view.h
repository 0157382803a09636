#pragma once
// WindowDetailView: the attention matrix (r rows x the window's snippets) of the window under
// the playhead, drawn large with every weight written in its cell, for readers learning how
// softmax-over-time attention works. Drawn by ui/matrix_painter like the Explain panel's A: rows
// r as bands, time left to right, viridis in the heatmaps' scale (raw or × T) with its colour
// bar. GUI thread only; shares the result it is given.

#include "ui/analysis_worker.h"
#include "ui/attention_index.h"
#include "ui/matrix_painter.h"

#include <QWidget>

namespace vigil::ui {

class WindowDetailView : public QWidget {
    Q_OBJECT
public:
    explicit WindowDetailView(QWidget* parent = nullptr);

    void setResult(ResultPointer result);
    int currentWindow() const { return windowIndex_; }
    void setScale(AttentionScale scale);
    AttentionScale scale() const { return scale_; }
    // The colours: the heatmaps' (0 .. the largest value of any window), so both views agree.
    ColorScale colorScale() const;
    // The line under the matrix: its orientation and how to read it.
    QString caption() const;
    QSize sizeHint() const override { return { 520, 280 }; }
    QSize minimumSizeHint() const override { return { 280, 160 }; }

public slots:
    void setPlayheadFrame(int64_t frame);

signals:
    void seekRequested(int64_t frame);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    QRectF matrixRect() const;
    void paintMatrix(QPainter& painter, const analysis::WindowResult& window) const;
    void paintMargins(QPainter& painter, const analysis::WindowResult& window) const;

    ResultPointer result_;
    AttentionIndex index_;
    int windowIndex_ = -1;
    int64_t playheadStep_ = -1;
    AttentionScale scale_ = AttentionScale::WeightTimesSteps;
};

} // namespace vigil::ui
