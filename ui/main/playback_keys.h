#pragma once
// PlaybackKeys: lets the window's single-key shortcuts (Space, J/K/L, arrows, Home/End, Page
// Up/Down, F, Y, R...) work whatever widget has the keyboard focus. Qt first offers a key to the
// focus widget as a ShortcutOverride, and a spin box or a line edit claims Space, letters,
// arrows and Home/End there even when nobody is typing in it, so the shortcuts die silently.
// This filter answers that offer for the focus widget, except while a text field is being
// edited: a plain text field from its first key, a spin box or editable combo box from the
// first key that types into it. Esc (or a click elsewhere) ends the edit and gives the keys back
// to the window. Installed on the application, it looks only at widgets of its window (dialogs
// keep their keys). GUI thread only.

#include <QObject>
#include <QPointer>

class QKeyEvent;
class QWidget;

namespace vigil::ui {

class PlaybackKeys : public QObject {
    Q_OBJECT
public:
    // window: whose actions' shortcuts are played; home: what takes the focus when an edit ends
    // with Esc (the video view). Both must outlive the filter, which window owns.
    PlaybackKeys(QWidget* window, QWidget* home);
    ~PlaybackKeys() override;

    // The field being edited; nullptr when the keys are the window's.
    QWidget* editedWidget() const { return edited_; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool onShortcutOverride(QWidget* focus, QKeyEvent* key);
    void onKeyPress(QWidget* focus, const QKeyEvent* key);
    bool isWindowShortcut(const QKeyEvent* key) const;

    QWidget* window_;
    QPointer<QWidget> home_;
    QPointer<QWidget> edited_;
};

// The widget a key typed into `widget` edits: a spin box, an editable combo box or a text field
// (the widget itself or the one it is part of); nullptr for anything else.
QWidget* textEditorOf(QWidget* widget);

// A key that types into or edits a field's text (a printable character, Backspace, Delete);
// not Space, which starts playback, nor cursor movement.
bool isTypingKey(const QKeyEvent& key);

} // namespace vigil::ui
