#include "ui/live_events_list.h"

#include <QDir>
#include <QIcon>
#include <QPixmap>

namespace vigil::ui {
namespace {

constexpr int kThumbnailRole = Qt::UserRole + 1;

} // namespace

LiveEventsList::LiveEventsList(QWidget* parent)
    : QListWidget(parent)
{
    setIconSize(QSize(96, 72));
    setUniformItemSizes(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
}

QString liveAlertText(const live::EventRecord& event)
{
    const live::Alert& alert = event.alert;
    return QStringLiteral("#%1  %2–%3 s  peak %4%5")
        .arg(event.id)
        .arg(static_cast<double>(alert.startUs) / 1e6, 0, 'f', 1)
        .arg(static_cast<double>(alert.endUs) / 1e6, 0, 'f', 1)
        .arg(static_cast<double>(alert.peak.score), 0, 'f', 2)
        .arg(alert.wasStopped ? QObject::tr("  (closed by stop)") : QString());
}

void LiveEventsList::addAlert(const live::EventRecord& event)
{
    auto* item = new QListWidgetItem(liveAlertText(event));
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
    item->setToolTip(hasImage ? QString::fromStdString(event.thumbnail) : tr("no thumbnail"));
    insertItem(0, item);
}

bool LiveEventsList::hasThumbnail(int row) const
{
    const QListWidgetItem* shown = item(row);
    return shown && shown->data(kThumbnailRole).toBool() && !shown->icon().isNull();
}

} // namespace vigil::ui
