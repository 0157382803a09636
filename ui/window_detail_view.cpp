#include "ui/window_detail_view.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace vigil::ui {
namespace {

constexpr int kTitleHeightPx = 44;
constexpr int kHeaderHeightPx = 18;
constexpr int kCaptionHeightPx = 48;
constexpr int kRowLabelWidthPx = 48;
constexpr int kSumWidthPx = 52;
constexpr int kColorBarWidthPx = 10;
constexpr int kColorBarLabelsPx = 40;

} // namespace

WindowDetailView::WindowDetailView(QWidget* parent)
    : QWidget(parent)
{
    setToolTip(tr("Click a snippet to move the playhead there"));
}

void WindowDetailView::setResult(ResultPointer result)
{
    result_ = std::move(result);
    index_ = AttentionIndex(result_.get());
    windowIndex_ = -1;
    playheadStep_ = -1;
    update();
}

void WindowDetailView::setPlayheadFrame(int64_t frame)
{
    const int64_t step = index_.stepOfFrame(frame);
    const int window = index_.windowOfStep(step);
    if (step == playheadStep_ && window == windowIndex_)
        return;
    playheadStep_ = step;
    windowIndex_ = window;
    update();
}

void WindowDetailView::setScale(AttentionScale scale)
{
    if (scale == scale_)
        return;
    scale_ = scale;
    update();
}

ColorScale WindowDetailView::colorScale() const
{
    return attentionColorScale(scale_);
}

QString WindowDetailView::caption() const
{
    return tr("%1. Colour: %2. Each row sums to 1 over the window; outlined: the playhead.")
        .arg(attentionOrientationNote(), attentionScaleLabel(scale_));
}

QRectF WindowDetailView::matrixRect() const
{
    return QRectF(kRowLabelWidthPx, kTitleHeightPx + kHeaderHeightPx,
        std::max(10,
            width() - kRowLabelWidthPx - kSumWidthPx - kColorBarWidthPx - kColorBarLabelsPx - 8),
        std::max(10, height() - kTitleHeightPx - kHeaderHeightPx - kCaptionHeightPx));
}

void WindowDetailView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    const analysis::WindowResult* window = index_.window(windowIndex_);
    if (!window || window->attention.rank() != 2) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
            tr("The attention of the window under the playhead is shown here, one row per "
               "attention row of the classifier."));
        return;
    }
    QFont titleFont = font();
    titleFont.setBold(true);
    painter.setFont(titleFont);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QRectF(8, 4, width() - 16, 20), Qt::AlignLeft | Qt::AlignVCenter,
        tr("Window %1 (of %2)   score %3")
            .arg(windowIndex_)
            .arg(result_->windows.size())
            .arg(window->score, 0, 'f', 3));
    painter.setFont(font());
    painter.drawText(QRectF(8, 22, width() - 16, 18), Qt::AlignLeft | Qt::AlignVCenter,
        tr("snippets %1–%2, frames %3–%4: one column per snippet of %5 frames")
            .arg(window->firstStep)
            .arg(window->lastStep)
            .arg(window->firstFrame)
            .arg(window->lastFrame)
            .arg(index_.framesPerStep()));
    paintMatrix(painter, *window);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const QRectF box(8, height() - kCaptionHeightPx + 2, width() - 16, kCaptionHeightPx - 4);
    const int flags = Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap;
    // A narrow panel cannot hold the whole caption: it ends in "…" (the tooltip has it all)
    // instead of being cut through its first and last lines.
    const QString whole = caption();
    QString text = whole;
    const QFontMetricsF metrics(font());
    const int lines = std::max(1, static_cast<int>(box.height() / metrics.lineSpacing()));
    for (double share = 0.95;
         share > 0.3 && metrics.boundingRect(box, flags, text).height() > box.height();
         share -= 0.05)
        text = metrics.elidedText(whole, Qt::ElideRight, box.width() * lines * share);
    painter.drawText(box, flags, text);
}

void WindowDetailView::paintMatrix(QPainter& painter, const analysis::WindowResult& window) const
{
    // The result keeps attention as [r, T]; drawn as A [T, r], the Explain panel's layout.
    FloatArray values = transposedMatrix(window.attention);
    const int64_t steps = values.dim(0);
    for (float& value : values.values)
        value = static_cast<float>(scaledWeight(value, steps, scale_));
    const QRectF matrix = matrixRect();
    const ColorScale colors = colorScale();
    vigil::ui::paintMatrix(painter, matrix, values, colors, CellNumbers::WhereTheyFit);
    vigil::ui::paintColorBar(painter,
        QRectF(matrix.right() + kSumWidthPx, matrix.top(), kColorBarWidthPx, matrix.height()),
        colors, palette().color(QPalette::Text), kColorBarLabelsPx);
    paintMargins(painter, window);
}

// Snippet numbers above the columns, row labels and sums beside the rows, the playhead's column.
void WindowDetailView::paintMargins(QPainter& painter, const analysis::WindowResult& window) const
{
    const FloatArray& attention = window.attention;
    const int rows = static_cast<int>(attention.dim(0));
    const int steps = static_cast<int>(attention.dim(1));
    const QRectF matrix = matrixRect();
    const double cellWidth = matrix.width() / steps;
    const double cellHeight = matrix.height() / rows;
    painter.setPen(palette().color(QPalette::Text));
    const QFontMetricsF metrics(font());
    const int headerEvery
        = metrics.horizontalAdvance(QStringLiteral("000")) + 4 <= cellWidth ? 1 : 4;
    for (int t = 0; t < steps; t += headerEvery)
        painter.drawText(QRectF(matrix.left() + t * cellWidth, matrix.top() - kHeaderHeightPx,
                             cellWidth * headerEvery, kHeaderHeightPx),
            Qt::AlignLeft | Qt::AlignVCenter, QString::number(window.firstStep + t));
    for (int k = 0; k < rows; ++k) {
        const QRectF band(0, matrix.top() + k * cellHeight, kRowLabelWidthPx - 6, cellHeight);
        painter.drawText(band, Qt::AlignRight | Qt::AlignVCenter, tr("row %1").arg(k));
        double sum = 0.0;
        for (int t = 0; t < steps; ++t)
            sum += attention.values[static_cast<size_t>(k * steps + t)];
        painter.drawText(QRectF(matrix.right() + 6, band.top(), kSumWidthPx, cellHeight),
            Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("Σ %1").arg(sum, 0, 'f', 2));
    }
    const int64_t column = playheadStep_ - window.firstStep;
    if (column >= 0 && column < steps) {
        painter.setPen(QPen(QColor(226, 36, 112), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(
            QRectF(matrix.left() + column * cellWidth, matrix.top(), cellWidth, matrix.height()));
    }
}

void WindowDetailView::mousePressEvent(QMouseEvent* event)
{
    const analysis::WindowResult* window = index_.window(windowIndex_);
    const QRectF matrix = matrixRect();
    if (!window || !matrix.contains(event->position()) || window->attention.rank() != 2)
        return;
    const auto steps = window->attention.dim(1);
    const auto column
        = static_cast<int64_t>((event->position().x() - matrix.left()) / matrix.width() * steps);
    emit seekRequested(
        (window->firstStep + std::clamp<int64_t>(column, 0, steps - 1)) * index_.framesPerStep());
}

} // namespace vigil::ui
