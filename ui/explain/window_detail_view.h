#pragma once
// WindowDetailView: the attention matrix (r rows x the window's snippets) of the window under
// the playhead, drawn large with every weight written in its cell, for readers learning how
// softmax-over-time attention works. Drawn by ui/matrix_painter like the Explain panel's A: rows
// r as bands, time left to right, in the heatmaps' scale (raw weights by default, or × T) with
// its colour bar; the Σ beside each row is the sum of the numbers in its cells (1, or T). Its
// margins are laid out from the font, so no two texts overlap at any size. GUI thread only;
// shares the result it is given.

#include "ui/plots/matrix_painter.h"
#include "ui/plots/plot_axes.h"
#include "ui/tasks/analysis_worker.h"
#include "ui/timeline/attention_index.h"

#include <QWidget>

#include <vector>

namespace vigil::ui {

class WindowDetailView : public QWidget {
    Q_OBJECT
public:
    // Where everything is drawn for the current window and size.
    struct Layout {
        QRectF title;
        QRectF subtitle; // empty when the panel is too low for it
        QRectF matrix;
        QRectF bar;
        QRectF caption;
        std::vector<PlotLabel> labels; // snippet numbers, row labels, sums, the bar's numbers
    };

    explicit WindowDetailView(QWidget* parent = nullptr);

    void setResult(ResultPointer result);
    int currentWindow() const { return windowIndex_; }
    void setScale(AttentionScale scale);
    AttentionScale scale() const { return scale_; }
    // The colours: the heatmaps' fixed scale, so both views agree.
    ColorScale colorScale() const;
    // The line under the matrix: its orientation, what the numbers are and what they sum to.
    QString caption() const;
    // The current window's matrix in the scale shown: A [T, r], the numbers in its cells.
    FloatArray shownValues() const;
    Layout layout() const; // empty without a window
    QSize sizeHint() const override { return { 520, 280 }; }
    QSize minimumSizeHint() const override { return { 280, 160 }; }

public slots:
    void setPlayheadFrame(int64_t frame);

signals:
    void seekRequested(int64_t frame);

protected:
    bool event(QEvent* event) override; // a tooltip per cell
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void paintTitles(QPainter& painter, const Layout& layout) const;
    void paintCaption(QPainter& painter, const QRectF& box) const;
    std::vector<PlotLabel> marginLabels(const QRectF& matrix, double sumWidthPx) const;
    // The snippet under a point of the matrix; -1 outside it.
    int64_t stepAt(const QPointF& position) const;
    QString cellToolTip(const QPointF& position) const;

    ResultPointer result_;
    AttentionIndex index_;
    int windowIndex_ = -1;
    int64_t playheadStep_ = -1;
    AttentionScale scale_ = kDefaultAttentionScale;
};

} // namespace vigil::ui
