#include "ui/live/live_events_list.h"

#include <QDir>
#include <QIcon>
#include <QPixmap>

namespace vigil::ui {
namespace {

constexpr int kThumbnailRole = Qt::UserRole + 1;

QString spanText(const live::Alert& alert)
{
    return QStringLiteral("%1–%2 s  peak %3")
        .arg(static_cast<double>(alert.startUs) / 1e6, 0, 'f', 1)
        .arg(static_cast<double>(alert.endUs) / 1e6, 0, 'f', 1)
        .arg(static_cast<double>(alert.peak.score), 0, 'f', 2);
}

QString closedByNote(live::AlertEnd end)
{
    switch (end) {
    case live::AlertEnd::Score:
        return {};
    case live::AlertEnd::Stop:
        return QObject::tr("  (closed by stop)");
    case live::AlertEnd::StreamLost:
        return QObject::tr("  (stream lost)");
    case live::AlertEnd::Unscored:
        return QObject::tr("  (too few steps scored)");
    }
    return {};
}

} // namespace

LiveEventsList::LiveEventsList(QWidget* parent)
    : QListWidget(parent)
{
    setIconSize(QSize(96, 72));
    setUniformItemSizes(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
    // Wide enough for a long alert's line beside its thumbnail, which a splitter cut before.
    live::EventRecord widest;
    widest.id = 999;
    widest.alert.startUs = 9999000000;
    widest.alert.endUs = 9999900000;
    widest.alert.closedBy = live::AlertEnd::Unscored;
    setMinimumWidth(
        iconSize().width() + fontMetrics().horizontalAdvance(liveAlertText(widest)) + 40);
}

QString liveAlertText(const live::EventRecord& event)
{
    return QStringLiteral("#%1  %2%3")
        .arg(event.id)
        .arg(spanText(event.alert), closedByNote(event.alert.closedBy));
}

QString openAlertText(const live::Alert& alert)
{
    return QObject::tr("OPEN  %1").arg(spanText(alert));
}

void LiveEventsList::showOpenAlert(const live::Alert& alert)
{
    if (!open_) {
        open_ = new QListWidgetItem;
        open_->setForeground(QColor(198, 40, 40));
        open_->setToolTip(tr("Open: numbered, written to events.jsonl and given its thumbnail "
                             "when it closes"));
        open_->setData(kThumbnailRole, false);
        insertItem(0, open_);
    }
    open_->setText(openAlertText(alert));
}

void LiveEventsList::clearOpenAlert()
{
    delete open_; // a QListWidgetItem leaves its list when deleted
    open_ = nullptr;
}

void LiveEventsList::addAlert(const live::EventRecord& event)
{
    QListWidgetItem* item = open_ ? open_ : new QListWidgetItem;
    if (!open_)
        insertItem(0, item);
    open_ = nullptr;
    item->setText(liveAlertText(event));
    item->setData(Qt::ForegroundRole, QVariant()); // no longer marked open
    bool hasImage = false;
    if (!event.thumbnail.empty()) {
        QPixmap image(QDir(outputDir_).filePath(QString::fromStdString(event.thumbnail)));
        if (!image.isNull()) {
            item->setIcon(
                QIcon(image.scaled(iconSize(), Qt::KeepAspectRatio, Qt::SmoothTransformation)));
            hasImage = true;
        }
    }
    item->setData(kThumbnailRole, hasImage);
    // The whole text too: a narrow list cuts it.
    item->setToolTip(item->text() + QStringLiteral("\n")
        + (hasImage ? QString::fromStdString(event.thumbnail) : tr("no thumbnail")));
}

bool LiveEventsList::hasThumbnail(int row) const
{
    const QListWidgetItem* shown = item(row);
    return shown && shown->data(kThumbnailRole).toBool() && !shown->icon().isNull();
}

} // namespace vigil::ui
