#include "ui/timeline/attention_thumbnails.h"
#include "core/common/defaults.h"

#include "ui/plots/matrix_painter.h"
#include "ui/timeline/attention_scale.h"

#include "ui/common/time_format.h"
#include "ui/plots/color_map.h"
#include "ui/tasks/thumbnail_loader.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>

namespace vigil::ui {
namespace {

constexpr int kCaptionHeightPx = 34;
constexpr int kGapPx = 8;

} // namespace

AttentionThumbnails::AttentionThumbnails(QWidget* parent)
    : QWidget(parent)
    , loader_(new ThumbnailLoader(kThumbnailWidthPx, this))
{
    setToolTip(tr("The frame each attention row looks at most in this window; click to go there"));
    connect(
        loader_, &ThumbnailLoader::thumbnailReady, this, [this](qint64 frame, const QImage& image) {
            if (images_.size() >= kCachedImages)
                images_.clear();
            images_.insert(frame, image);
            if (!image.isNull() && image.height() > 0)
                aspect_ = static_cast<double>(image.width()) / image.height();
            update();
        });
}

void AttentionThumbnails::setVideo(const QString& path, double framesPerSecond)
{
    fps_ = defaults::fpsOrFallback(framesPerSecond);
    images_.clear();
    loader_->setVideo(path);
    setResult(nullptr);
}

void AttentionThumbnails::setResult(ResultPointer result)
{
    result_ = std::move(result);
    index_ = AttentionIndex(result_.get());
    windowIndex_ = -1; // the next setPlayheadFrame picks in the new result
    picks_.clear();
    update();
}

void AttentionThumbnails::setScale(AttentionScale scale)
{
    scale_ = scale;
    update();
}

void AttentionThumbnails::setPlayheadFrame(int64_t frame)
{
    const int window = index_.windowOfFrame(frame);
    if (window != windowIndex_)
        pickForWindow(window);
}

void AttentionThumbnails::pickForWindow(int windowIndex)
{
    windowIndex_ = windowIndex;
    picks_.clear();
    const analysis::WindowResult* window = index_.window(windowIndex);
    if (window && window->attention.rank() == 2) {
        const auto steps = window->attention.dim(1);
        const int64_t framesPerStep = index_.framesPerStep();
        for (int row = 0; row < static_cast<int>(window->attention.dim(0)); ++row) {
            const auto begin = window->attention.values.begin() + row * steps;
            const auto best = std::max_element(begin, begin + steps);
            const int64_t step = window->firstStep + (best - begin);
            const int64_t frame = std::min(step * framesPerStep + framesPerStep / 2,
                std::max(window->lastFrame, step * framesPerStep));
            const auto tied = std::count_if(begin, begin + steps,
                [&](float weight) { return analysis::isTiedWeight(weight, *best); });
            picks_.push_back({ row, step, frame, *best, tied, steps });
        }
    }
    QVector<qint64> missing;
    for (const Pick& pick : picks_)
        if (!images_.contains(pick.frame) && !missing.contains(pick.frame))
            missing.push_back(pick.frame);
    std::sort(missing.begin(), missing.end()); // forward decoding reuses one seek
    if (!missing.isEmpty())
        loader_->request(missing);
    update();
}

QSizeF AttentionThumbnails::pictureSizeFor(int count) const
{
    count = std::max(count, 1);
    const int columns = columnsFor(count);
    const int lines = (count + columns - 1) / columns;
    const double cellWidth = (width() - kGapPx * (columns + 1)) / static_cast<double>(columns);
    const double cellHeight = (height() - 8 - kGapPx * (lines - 1)) / static_cast<double>(lines);
    const double pictureWidth = std::min(cellWidth, (cellHeight - kCaptionHeightPx) * aspect_);
    return { std::max(0.0, pictureWidth), std::max(0.0, pictureWidth / aspect_) };
}

// Seven rows in one line of a narrow panel are stamps; in two lines they are twice as large.
// On a tie, one line (the rows side by side, as the heatmap stacks them).
int AttentionThumbnails::columnsFor(int count) const
{
    int best = count;
    double bestWidth = -1.0;
    for (int columns = count; columns >= 1; --columns) {
        const int lines = (count + columns - 1) / columns;
        const double cellWidth = (width() - kGapPx * (columns + 1)) / static_cast<double>(columns);
        const double cellHeight
            = (height() - 8 - kGapPx * (lines - 1)) / static_cast<double>(lines);
        const double pictureWidth = std::min(cellWidth, (cellHeight - kCaptionHeightPx) * aspect_);
        if (pictureWidth > bestWidth + 0.5) {
            best = columns;
            bestWidth = pictureWidth;
        }
    }
    return best;
}

QRectF AttentionThumbnails::cellRect(int index) const
{
    const int count = std::max<int>(1, static_cast<int>(picks_.size()));
    const int columns = columnsFor(count);
    const int lines = (count + columns - 1) / columns;
    const double cellWidth = (width() - kGapPx * (columns + 1)) / static_cast<double>(columns);
    const double cellHeight = (height() - 8 - kGapPx * (lines - 1)) / static_cast<double>(lines);
    const int column = index % columns;
    const int line = index / columns;
    return QRectF(kGapPx + column * (cellWidth + kGapPx), 4 + line * (cellHeight + kGapPx),
        cellWidth, cellHeight);
}

void AttentionThumbnails::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    if (picks_.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
            tr("The frame each row attends to most appears here."));
        return;
    }
    painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
    for (int i = 0; i < static_cast<int>(picks_.size()); ++i) {
        const Pick& pick = picks_[static_cast<size_t>(i)];
        const QRectF cell = cellRect(i);
        const QRectF pictureArea = cell.adjusted(0, 0, 0, -kCaptionHeightPx);
        const auto found = images_.constFind(pick.frame);
        if (found != images_.constEnd()) {
            const QSizeF fitted
                = QSizeF(found->size()).scaled(pictureArea.size(), Qt::KeepAspectRatio);
            const QRectF target(
                pictureArea.center() - QPointF(fitted.width(), fitted.height()) / 2, fitted);
            painter.drawImage(target, *found);
            // The weight in this window, the number under the picture, in the heatmaps' colours.
            painter.setPen(QPen(attentionColorScale(scale_).colorOf(
                                    scaledWeight(pick.weight, pick.windowSteps, scale_)),
                3));
            painter.drawRect(target.adjusted(1, 1, -1, -1));
        } else {
            painter.fillRect(pictureArea, palette().color(QPalette::AlternateBase));
            painter.setPen(palette().color(QPalette::PlaceholderText));
            painter.drawText(pictureArea, Qt::AlignCenter, tr("decoding…"));
        }
        painter.setPen(palette().color(QPalette::Text));
        const QRectF caption(
            cell.left(), cell.bottom() - kCaptionHeightPx, cell.width(), kCaptionHeightPx);
        // Short lines, shorter still when seven rows share the width; the tooltip has the rest.
        const bool isTimesSteps = scale_ == AttentionScale::WeightTimesSteps;
        QString weight
            = QString::number(scaledWeight(pick.weight, pick.windowSteps, scale_), 'f', 2);
        QString head = pick.isUniform()
            ? tr("row %1 · uniform").arg(pick.row)
            : (isTimesSteps ? tr("row %1 · w×T %2") : tr("row %1 · w %2"))
                  .arg(pick.row)
                  .arg(weight);
        if (pick.tiedSteps > 1 && !pick.isUniform())
            head += tr(" · tie");
        if (painter.fontMetrics().horizontalAdvance(head) > cell.width()) {
            if (weight.startsWith(QLatin1String("0.")))
                weight.remove(0, 1);
            head = pick.isUniform() ? tr("r%1 · unif.").arg(pick.row)
                                    : tr("r%1 · %2").arg(pick.row).arg(weight);
        }
        painter.drawText(caption, Qt::AlignHCenter | Qt::AlignVCenter,
            head + QLatin1Char('\n') + formatTime(static_cast<double>(pick.frame) / fps_, true));
    }
}

QString AttentionThumbnails::tooltipOf(const Pick& pick) const
{
    QString what;
    if (pick.isUniform())
        what = tr("Row %1 weighs all %2 snippets alike (≈ 1/%2): no snippet stands out; the "
                  "first, snippet %3, is shown.")
                   .arg(pick.row)
                   .arg(pick.windowSteps)
                   .arg(pick.step);
    else if (pick.tiedSteps > 1)
        what = tr("Row %1 weighs %2 snippets most, alike (a tie at weight %3); the first of them, "
                  "snippet %4, is shown.")
                   .arg(pick.row)
                   .arg(pick.tiedSteps)
                   .arg(pick.weight, 0, 'g', 4)
                   .arg(pick.step);
    else
        what = tr("Row %1 weighs snippet %2 most (weight %3).")
                   .arg(pick.row)
                   .arg(pick.step)
                   .arg(pick.weight, 0, 'f', 3);
    return what
        + tr("\nFrame %1 at %2; click to go there.")
              .arg(pick.frame)
              .arg(formatTime(static_cast<double>(pick.frame) / fps_, true));
}

bool AttentionThumbnails::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        for (int i = 0; i < static_cast<int>(picks_.size()); ++i) {
            if (!cellRect(i).contains(help->pos()))
                continue;
            const Pick& pick = picks_[static_cast<size_t>(i)];
            QToolTip::showText(help->globalPos(), tooltipOf(pick), this);
            return true;
        }
    }
    return QWidget::event(event);
}

void AttentionThumbnails::mousePressEvent(QMouseEvent* event)
{
    for (int i = 0; i < static_cast<int>(picks_.size()); ++i)
        if (cellRect(i).contains(event->position())) {
            emit seekRequested(picks_[static_cast<size_t>(i)].frame);
            return;
        }
}

} // namespace vigil::ui
