#include "ui/explain/window_detail_view.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace vigil::ui {
namespace {

constexpr int kColorBarWidthPx = 10;

double widestOf(const QFontMetricsF& metrics, const QStringList& texts)
{
    double widest = 0.0;
    for (const QString& text : texts)
        widest = std::max(widest, metrics.horizontalAdvance(text));
    return std::ceil(widest);
}

QString sumText(double sum)
{
    return QStringLiteral("Σ %1").arg(sum, 0, 'f', 2);
}

QString timeText(double seconds)
{
    return QString::fromStdString(analysis::formatSnippetTime(seconds));
}

} // namespace

WindowDetailView::WindowDetailView(QWidget* parent)
    : QWidget(parent)
{
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
    const analysis::WindowResult* window = index_.window(windowIndex_);
    const int64_t steps
        = window && window->attention.rank() == 2 ? window->attention.dim(1) : int64_t { 0 };
    const QString numbers = scale_ == AttentionScale::WeightTimesSteps
        ? tr("Cells: weight × T (T = %1 snippets); each row sums to T over the window").arg(steps)
        : tr("Cells: the softmax weights; each row sums to 1 over the window");
    return tr("%1. %2. Colour: %3. Outlined: the playhead.")
        .arg(attentionOrientationNote(), numbers, attentionScaleLabel(scale_));
}

FloatArray WindowDetailView::shownValues() const
{
    const analysis::WindowResult* window = index_.window(windowIndex_);
    if (!window || window->attention.rank() != 2)
        return {};
    // The result keeps attention as [r, T]; drawn as A [T, r], the Explain panel's layout.
    FloatArray values = transposedMatrix(window->attention);
    const int64_t steps = values.dim(0);
    for (float& value : values.values)
        value = static_cast<float>(scaledWeight(value, steps, scale_));
    return values;
}

WindowDetailView::Layout WindowDetailView::layout() const
{
    Layout layout;
    const FloatArray values = shownValues();
    if (values.rank() != 2 || values.size() == 0)
        return layout;
    const QFontMetricsF metrics(font());
    const double line = std::ceil(metrics.height());
    const double w = width();
    const double h = height();
    layout.title = QRectF(8, 2, w - 16, line + 2);
    double top = layout.title.bottom();
    if (h >= 200) {
        layout.subtitle = QRectF(8, top, w - 16, line + 2);
        top = layout.subtitle.bottom();
    }
    // Under 120 px (a 1024x640 window) the caption would leave the matrix bands too thin for
    // its row labels: the rows matter more, and the Explain panel says what the caption says.
    const int captionLines = h >= 260 ? 3 : (h >= 180 ? 2 : (h >= 120 ? 1 : 0));
    const double captionHeight = captionLines > 0 ? captionLines * metrics.lineSpacing() + 4 : 0.0;
    if (captionLines > 0)
        layout.caption = QRectF(8, h - captionHeight, w - 16, captionHeight - 2);
    const ColorScale colors = colorScale();
    const auto rows = static_cast<int>(values.dim(1));
    const double rowLabelWidth = widestOf(metrics, { tr("row %1").arg(rows - 1) }) + 12;
    const double sumWidth
        = widestOf(metrics, { sumText(scaledWeight(1.0, values.dim(0), scale_)), sumText(0.0) })
        + 12;
    const double barLabelsWidth
        = widestOf(metrics,
              { colors.textOf(colors.low), colors.textOf(colors.high),
                  colors.textOf(colors.marked.value_or(colors.low)),
                  colors.textOf(colors.low) + QStringLiteral("–") + colors.textOf(colors.high) })
        + 6;
    // Room above for the snippet numbers, and half a line below: a row label of a band lower
    // than a line reaches past the matrix's edge by up to that.
    const double matrixTop = top + 2 + line;
    layout.matrix = QRectF(rowLabelWidth, matrixTop,
        std::max(10.0, w - rowLabelWidth - sumWidth - kColorBarWidthPx - 4 - barLabelsWidth - 4),
        std::max(10.0, h - captionHeight - line / 2 - 2 - matrixTop));
    layout.bar = QRectF(layout.matrix.right() + sumWidth, layout.matrix.top(), kColorBarWidthPx,
        layout.matrix.height());
    layout.labels = marginLabels(layout.matrix, sumWidth);
    for (PlotLabel& label : colorBarLabels(layout.bar, colors, metrics, barLabelsWidth))
        layout.labels.push_back(std::move(label));
    return layout;
}

// Snippet numbers above the columns, row labels and sums beside the rows: as many as have room
// (every n-th when the cells are smaller than the text), each centred on its column or band.
std::vector<PlotLabel> WindowDetailView::marginLabels(const QRectF& matrix, double sumWidthPx) const
{
    const FloatArray values = shownValues();
    const analysis::WindowResult* window = index_.window(windowIndex_);
    const int64_t steps = values.dim(0);
    const int rows = static_cast<int>(values.dim(1));
    const QFontMetricsF metrics(font());
    const double line = std::ceil(metrics.height());
    std::vector<PlotLabel> labels;
    const double cellWidth = matrix.width() / static_cast<double>(steps);
    const double numberWidth
        = widestOf(metrics, { QString::number(window->firstStep + steps - 1) }) + 6;
    const auto columnEvery = static_cast<int64_t>(std::ceil(numberWidth / cellWidth));
    for (int64_t t = 0; t < steps; t += columnEvery) {
        const double x = matrix.left() + static_cast<double>(t) * cellWidth;
        if (x + numberWidth > matrix.right() + 1.0)
            break;
        labels.push_back({ QRectF(x, matrix.top() - line - 1, numberWidth, line),
            QString::number(window->firstStep + t), Qt::AlignLeft | Qt::AlignVCenter });
    }
    const double bandHeight = matrix.height() / rows;
    // "row 2" and "Σ 1.00" have no descenders: a band as high as the digits (plus a pixel each
    // side) holds its label, so a low panel still names every row.
    const double labelHeight
        = std::min(line, std::max(bandHeight, std::ceil(metrics.capHeight()) + 2));
    const auto rowEvery = static_cast<int>(std::ceil(labelHeight / bandHeight - 1e-9));
    for (int k = 0; k < rows; k += rowEvery) {
        const double centre = matrix.top() + (k + 0.5) * bandHeight;
        labels.push_back({ QRectF(0, centre - labelHeight / 2, matrix.left() - 6, labelHeight),
            tr("row %1").arg(k), Qt::AlignRight | Qt::AlignVCenter });
        double sum = 0.0;
        for (int64_t t = 0; t < steps; ++t)
            sum += values.values[static_cast<size_t>(t * rows + k)];
        labels.push_back(
            { QRectF(matrix.right() + 4, centre - labelHeight / 2, sumWidthPx - 6, labelHeight),
                sumText(sum), Qt::AlignLeft | Qt::AlignVCenter });
    }
    return labels;
}

void WindowDetailView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    const Layout layout = this->layout();
    if (layout.matrix.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
            tr("The attention of the window under the playhead is shown here, one row per "
               "attention row of the classifier."));
        return;
    }
    paintTitles(painter, layout);
    const ColorScale colors = colorScale();
    const FloatArray values = shownValues();
    vigil::ui::paintMatrix(painter, layout.matrix, values, colors, CellNumbers::WhereTheyFit);
    const double barLabelsWidth = width() - layout.bar.right() - 4;
    vigil::ui::paintColorBar(
        painter, layout.bar, colors, palette().color(QPalette::Text), barLabelsWidth);
    painter.setPen(palette().color(QPalette::Text));
    paintPlotLabels(
        painter, marginLabels(layout.matrix, layout.bar.left() - layout.matrix.right()));
    const analysis::WindowResult* window = index_.window(windowIndex_);
    const int64_t steps = values.dim(0);
    const int64_t column = playheadStep_ - window->firstStep;
    if (column >= 0 && column < steps) {
        const double cellWidth = layout.matrix.width() / static_cast<double>(steps);
        painter.setPen(QPen(QColor(226, 36, 112), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(layout.matrix.left() + static_cast<double>(column) * cellWidth,
            layout.matrix.top(), cellWidth, layout.matrix.height()));
    }
    if (!layout.caption.isEmpty())
        paintCaption(painter, layout.caption);
}

void WindowDetailView::paintTitles(QPainter& painter, const Layout& layout) const
{
    const analysis::WindowResult* window = index_.window(windowIndex_);
    QFont titleFont = font();
    titleFont.setBold(true);
    painter.setFont(titleFont);
    painter.setPen(palette().color(QPalette::Text));
    const QString title = tr("Window %1 (of %2)   score %3")
                              .arg(windowIndex_)
                              .arg(result_->windows.size())
                              .arg(window->score, 0, 'f', 3);
    painter.drawText(layout.title, Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetricsF(titleFont).elidedText(title, Qt::ElideRight, layout.title.width()));
    painter.setFont(font());
    if (layout.subtitle.isEmpty())
        return;
    const analysis::SnippetPlace first = index_.placeOf(window->firstStep, 0.0);
    const analysis::SnippetPlace last = index_.placeOf(window->lastStep, 0.0);
    const QString subtitle = tr("snippets %1–%2, frames %3–%4, %5–%6: a column per snippet")
                                 .arg(window->firstStep)
                                 .arg(window->lastStep)
                                 .arg(first.firstFrame)
                                 .arg(last.lastFrame)
                                 .arg(timeText(first.startS), timeText(last.endS));
    painter.drawText(layout.subtitle, Qt::AlignLeft | Qt::AlignVCenter,
        QFontMetricsF(font()).elidedText(subtitle, Qt::ElideRight, layout.subtitle.width()));
}

// A narrow panel cannot hold the whole caption: it ends in "…" (the tooltip has it all)
// instead of being cut through its first and last lines.
void WindowDetailView::paintCaption(QPainter& painter, const QRectF& box) const
{
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const int flags = Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap;
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

int64_t WindowDetailView::stepAt(const QPointF& position) const
{
    const analysis::WindowResult* window = index_.window(windowIndex_);
    const QRectF matrix = layout().matrix;
    if (!window || !matrix.contains(position) || window->attention.rank() != 2)
        return -1;
    const auto steps = window->attention.dim(1);
    const auto column
        = static_cast<int64_t>((position.x() - matrix.left()) / matrix.width() * steps);
    return window->firstStep + std::clamp<int64_t>(column, 0, steps - 1);
}

QString WindowDetailView::cellToolTip(const QPointF& position) const
{
    const int64_t step = stepAt(position);
    if (step < 0)
        return caption();
    const QRectF matrix = layout().matrix;
    const int row = std::clamp(
        static_cast<int>((position.y() - matrix.top()) / matrix.height() * index_.rows()), 0,
        std::max(0, index_.rows() - 1));
    const analysis::SnippetPlace place = index_.placeOf(step, 0.0);
    const int decimals = scale_ == AttentionScale::WeightTimesSteps ? 2 : 3;
    return tr("Snippet %1: frames %2–%3, %4–%5\nrow %6: %7 in this window; the heatmap's "
              "colour, the mean over the %8 windows holding it: %9\nClick to move the playhead "
              "there.")
        .arg(step)
        .arg(place.firstFrame)
        .arg(place.lastFrame)
        .arg(timeText(place.startS), timeText(place.endS))
        .arg(row)
        .arg(index_.weightInWindow(windowIndex_, step, row, scale_), 0, 'f', decimals)
        .arg(index_.windowsAveraged(step, row))
        .arg(index_.meanAtStep(step, row, scale_), 0, 'f', decimals);
}

bool WindowDetailView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        if (index_.window(windowIndex_))
            QToolTip::showText(help->globalPos(), cellToolTip(help->pos()), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void WindowDetailView::mousePressEvent(QMouseEvent* event)
{
    const int64_t step = stepAt(event->position());
    if (step >= 0)
        emit seekRequested(index_.placeOf(step, 0.0).firstFrame);
}

} // namespace vigil::ui
