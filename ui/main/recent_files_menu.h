#pragma once
// RecentFilesMenu: File > Open Recent, the last videos opened, kept in QSettings so they survive
// a restart. GUI thread only.

#include <QMenu>

namespace vigil::ui {

class RecentFilesMenu : public QMenu {
    Q_OBJECT
public:
    explicit RecentFilesMenu(QWidget* parent = nullptr);

    // Moves path (made absolute) to the top of the list and saves the list.
    void addFile(const QString& path);
    QStringList files() const;

    static constexpr int kMaxFiles = 8;

signals:
    void openRequested(const QString& path);

private:
    void rebuild();
};

// The menu's text for files[index]: its file name, and its folder too when another file of the
// list has the same name (two "vtest.avi" could not be told apart).
QString recentFileLabel(const QStringList& files, int index);

} // namespace vigil::ui
