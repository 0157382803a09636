#pragma once
// Help > Keyboard shortcuts and Help > About. The shortcut sheet is read from the menu bar's
// actions themselves (QAction::shortcuts, as PlaybackKeys reads them), so it cannot list a key
// that does nothing or miss one that was added. GUI thread only.

#include "core/analysis/analysis_result.h"

#include <QString>

#include <optional>
#include <vector>

class QMenuBar;
class QWidget;

namespace vigil::ui {

struct ShortcutRow {
    QString menu; // "Playback"
    QString action; // "Play / pause"
    QString keys; // "Space", or "F5, Ctrl+R" for several
};

// Every action of the menu bar (submenus included) that has a shortcut, in menu order.
std::vector<ShortcutRow> shortcutRows(const QMenuBar& menuBar);
// The sheet as an HTML table grouped by menu, plus the keys that no menu lists (mouse and
// wheel gestures of the timeline).
QString shortcutSheetHtml(const std::vector<ShortcutRow>& rows);
void showShortcutSheet(QWidget* parent, const QMenuBar& menuBar);

// Version, the networks in use (nullopt: none loaded yet) and where each published network
// comes from, with its licence.
QString aboutHtml(const std::optional<analysis::ModelDescription>& networks);
void showAbout(QWidget* parent, const std::optional<analysis::ModelDescription>& networks);

} // namespace vigil::ui
