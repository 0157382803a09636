#include "ui/main/recent_files_menu.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include <algorithm>

namespace vigil::ui {
namespace {

const char* const kRecentFilesKey = "recentFiles";

} // namespace

RecentFilesMenu::RecentFilesMenu(QWidget* parent)
    : QMenu(tr("Open &Recent"), parent)
{
    rebuild();
}

QStringList RecentFilesMenu::files() const
{
    return QSettings().value(kRecentFilesKey).toStringList();
}

void RecentFilesMenu::addFile(const QString& path)
{
    QStringList list = files();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxFiles)
        list.removeLast();
    QSettings().setValue(kRecentFilesKey, list);
    rebuild();
}

QString recentFileLabel(const QStringList& files, int index)
{
    const QFileInfo file(files.at(index));
    const bool isNameShared = std::count_if(files.begin(), files.end(),
                                  [&file](const QString& other) {
                                      return QFileInfo(other).fileName() == file.fileName();
                                  })
        > 1;
    if (!isNameShared)
        return file.fileName();
    return QStringLiteral("%1 — %2").arg(
        file.fileName(), QDir::toNativeSeparators(file.absolutePath()));
}

void RecentFilesMenu::rebuild()
{
    clear();
    const QStringList list = files();
    for (int i = 0; i < list.size(); ++i) {
        const QString path = list[i];
        // Alt+1..8 in the open menu; the tooltip gives the whole path.
        QAction* action
            = addAction(QStringLiteral("&%1  %2").arg(i + 1).arg(recentFileLabel(list, i)), this,
                [this, path] { emit openRequested(path); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    setToolTipsVisible(true);
    setEnabled(!list.isEmpty());
}

} // namespace vigil::ui
