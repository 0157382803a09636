#include "ui/events/events_table.h"
#include "core/common/defaults.h"
#include "ui/common/threshold_text.h"

#include "ui/common/time_format.h"

#include <QHeaderView>
#include <QMenu>
#include <QPainter>
#include <QPixmap>
#include <QSignalBlocker>
#include <QStyle>

#include <algorithm>

namespace vigil::ui {
namespace {

// 28 px (49 x 28 for 16:9) in rows of 30 lets a 1024x640 window show a whole row above the sideways
// scroll bar; the frame each row attends to most is shown larger beside the matrix.
constexpr int kThumbnailHeightPx = 28;

} // namespace

EventsTable::EventsTable(QWidget* parent)
    : QTableWidget(0, 5, parent)
{
    setHorizontalHeaderLabels(
        { tr("Start"), tr("End"), tr("Duration"), tr("Peak"), tr("Reviewed") });
    // Every column as wide as its header and cells, so none is cut ("Reviewed", the peak's
    // time); a narrow panel scrolls sideways instead. Wide panels give the rest to the peak.
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->setVisible(false);
    verticalHeader()->setDefaultSectionSize(kThumbnailHeightPx + 2);
    setIconSize(QSize(kThumbnailHeightPx * 16 / 9, kThumbnailHeightPx));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setAlternatingRowColors(true);
    // The window's keyboard shortcuts (Space, arrows) must keep working after a click here.
    setFocusPolicy(Qt::NoFocus);
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &EventsTable::showContextMenu);
    connect(this, &QTableWidget::cellClicked, this, [this](int row, int column) {
        if (row >= 0 && row < static_cast<int>(events_.size()) && column != ReviewedColumn)
            emit seekRequested(events_[static_cast<size_t>(row)].firstFrame);
    });
    connect(this, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        const int row = item->row();
        if (item->column() == ReviewedColumn && row >= 0 && row < static_cast<int>(events_.size()))
            emit reviewedChanged(events_[static_cast<size_t>(row)], isReviewed(row));
    });
}

void EventsTable::setEvents(std::vector<analysis::ScoreEvent> events, double framesPerSecond,
    double threshold, bool hasScores)
{
    const QSignalBlocker blocker(this); // filling the boxes is not a person ticking them
    events_ = std::move(events);
    threshold_ = threshold;
    hasScores_ = hasScores;
    viewport()->update();
    const double fps = defaults::fpsOrFallback(framesPerSecond);
    setRowCount(static_cast<int>(events_.size()));
    for (int row = 0; row < rowCount(); ++row)
        fillRow(row, fps);
}

// "0.912 at 0:04.0"; for "at least k of n", whose peak is no one scorer's score, how many of
// the scorers agreed there ("3 agree at 0:04.0"), never the k-th score as if it were one.
QString EventsTable::peakText(const analysis::ScoreEvent& event, double fps)
{
    const QString at = formatTime(static_cast<double>(event.peakFrame) / fps, true);
    if (event.scorersAgreeing >= 0)
        return tr("%1 agree at %2").arg(event.scorersAgreeing).arg(at);
    return tr("%1 at %2").arg(event.peakScore, 0, 'f', 3).arg(at);
}

void EventsTable::fillRow(int row, double fps)
{
    const analysis::ScoreEvent& event = events_[static_cast<size_t>(row)];
    const QString cells[] = {
        formatTime(static_cast<double>(event.firstFrame) / fps, true),
        formatTime(static_cast<double>(event.lastFrame + 1) / fps, true),
        QStringLiteral("%1 s").arg(static_cast<double>(event.frameCount()) / fps, 0, 'f', 1),
        peakText(event, fps),
        QString(),
    };
    for (int column = 0; column <= ReviewedColumn; ++column) {
        auto* item = new QTableWidgetItem(cells[column]);
        item->setTextAlignment(Qt::AlignCenter);
        item->setToolTip(tr("frames %1–%2, peak at frame %3; right-click to export")
                             .arg(event.firstFrame)
                             .arg(event.lastFrame)
                             .arg(event.peakFrame));
        if (column == ReviewedColumn) {
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
            item->setCheckState(Qt::Unchecked);
        }
        setItem(row, column, item);
    }
}

void EventsTable::setReviewed(const formats::ReviewedEvents& reviewed)
{
    const QSignalBlocker blocker(this);
    for (int row = 0; row < rowCount(); ++row)
        if (QTableWidgetItem* box = item(row, ReviewedColumn))
            box->setCheckState(reviewed.isReviewed(events_[static_cast<size_t>(row)])
                    ? Qt::Checked
                    : Qt::Unchecked);
}

bool EventsTable::isReviewed(int row) const
{
    const QTableWidgetItem* box = item(row, ReviewedColumn);
    return box && box->checkState() == Qt::Checked;
}

void EventsTable::setRowReviewed(int row, bool isReviewed)
{
    if (QTableWidgetItem* box = item(row, ReviewedColumn))
        box->setCheckState(isReviewed ? Qt::Checked : Qt::Unchecked);
}

void EventsTable::followFrame(int64_t frame)
{
    const auto under = std::find_if(events_.begin(), events_.end(), [frame](const auto& event) {
        return event.firstFrame <= frame && frame <= event.lastFrame;
    });
    if (under == events_.end()) {
        clearSelection();
        return;
    }
    const int row = static_cast<int>(under - events_.begin());
    if (currentRow() != row || selectedItems().isEmpty()) {
        selectRow(row);
        scrollToItem(item(row, StartColumn));
    }
}

void EventsTable::setThumbnail(int64_t peakFrame, const QImage& image)
{
    const QPixmap pixmap
        = QPixmap::fromImage(image.scaledToHeight(kThumbnailHeightPx, Qt::SmoothTransformation));
    for (int row = 0; row < rowCount(); ++row)
        if (events_[static_cast<size_t>(row)].peakFrame == peakFrame)
            if (QTableWidgetItem* start = item(row, StartColumn))
                start->setData(Qt::DecorationRole, pixmap);
}

void EventsTable::showContextMenu(const QPoint& position)
{
    const int row = rowAt(position.y());
    if (row < 0 || row >= static_cast<int>(events_.size()))
        return;
    const analysis::ScoreEvent event = events_[static_cast<size_t>(row)];
    QMenu menu(this);
    menu.addAction(tr("Export clip…"), this, [this, event] { emit exportClipRequested(event); });
    menu.addAction(tr("Export peak frame as PNG…"), this,
        [this, event] { emit exportPeakFrameRequested(event); });
    menu.exec(viewport()->mapToGlobal(position));
}

void EventsTable::setNoEventsText(const QString& text)
{
    setEmptyText(noEventsText_, text);
}

void EventsTable::setEmptyText(QString& shown, const QString& text)
{
    if (text == shown)
        return;
    shown = text;
    viewport()->update();
}

int EventsTable::heightForOneRow() const
{
    return 2 * frameWidth() + horizontalHeader()->sizeHint().height()
        + verticalHeader()->defaultSectionSize()
        + style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
}

void EventsTable::setNotScoredText(const QString& text)
{
    setEmptyText(notScoredText_, text);
}

QString EventsTable::emptyText() const
{
    if (!hasScores_)
        return notScoredText_.isEmpty() ? tr("Events appear here as the analysis scores the video.")
                                        : notScoredText_;
    if (!noEventsText_.isEmpty())
        return noEventsText_;
    return tr("No frame scores %1 or more. Drag the red threshold line in the timeline down to "
              "list the highest moments.")
        .arg(thresholdText(threshold_));
}

void EventsTable::paintEvent(QPaintEvent* event)
{
    QTableWidget::paintEvent(event);
    if (rowCount() > 0)
        return;
    QPainter painter(viewport());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(viewport()->rect().adjusted(12, 8, -12, -8),
        Qt::AlignCenter | Qt::TextWordWrap, emptyText());
}

} // namespace vigil::ui
