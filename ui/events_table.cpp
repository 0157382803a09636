#include "ui/events_table.h"

#include "ui/time_format.h"

#include <QHeaderView>
#include <QPainter>

namespace vigil::ui {

EventsTable::EventsTable(QWidget* parent)
    : QTableWidget(0, 4, parent)
{
    setHorizontalHeaderLabels({ tr("Start"), tr("End"), tr("Duration"), tr("Peak") });
    horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    verticalHeader()->setVisible(false);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setAlternatingRowColors(true);
    // The window's keyboard shortcuts (Space, arrows) must keep working after a click here.
    setFocusPolicy(Qt::NoFocus);
    connect(this, &QTableWidget::cellClicked, this, [this](int row, int) {
        if (row >= 0 && row < static_cast<int>(events_.size()))
            emit seekRequested(events_[static_cast<size_t>(row)].firstFrame);
    });
}

void EventsTable::setEvents(std::vector<analysis::ScoreEvent> events, double framesPerSecond,
    double threshold, bool hasScores)
{
    events_ = std::move(events);
    threshold_ = threshold;
    hasScores_ = hasScores;
    viewport()->update();
    const double fps = framesPerSecond > 0.0 ? framesPerSecond : 25.0;
    setRowCount(static_cast<int>(events_.size()));
    for (int row = 0; row < rowCount(); ++row) {
        const analysis::ScoreEvent& event = events_[static_cast<size_t>(row)];
        const QString cells[] = {
            formatTime(static_cast<double>(event.firstFrame) / fps, true),
            formatTime(static_cast<double>(event.lastFrame + 1) / fps, true),
            QStringLiteral("%1 s").arg(static_cast<double>(event.frameCount()) / fps, 0, 'f', 1),
            QString::number(event.peakScore, 'f', 3),
        };
        for (int column = 0; column < 4; ++column) {
            auto* item = new QTableWidgetItem(cells[column]);
            item->setTextAlignment(Qt::AlignCenter);
            item->setToolTip(tr("frames %1–%2, peak at frame %3")
                                 .arg(event.firstFrame)
                                 .arg(event.lastFrame)
                                 .arg(event.peakFrame));
            setItem(row, column, item);
        }
    }
}

} // namespace vigil::ui

namespace vigil::ui {

void EventsTable::paintEvent(QPaintEvent* event)
{
    QTableWidget::paintEvent(event);
    if (rowCount() > 0)
        return;
    QPainter painter(viewport());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(viewport()->rect().adjusted(12, 8, -12, -8),
        Qt::AlignCenter | Qt::TextWordWrap,
        hasScores_ ? tr("No frame scores %1 or more. Drag the red threshold line in the timeline "
                        "down to list the highest moments.")
                         .arg(threshold_, 0, 'f', 2)
                   : tr("Events appear here as the analysis scores the video."));
}

} // namespace vigil::ui
