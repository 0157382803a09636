#include "ui/main/playback_keys.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace vigil::ui {
namespace {

// Widgets that take every key from the first: a person who clicks into one means to type.
bool isPlainTextField(const QWidget* editor)
{
    if (const auto* line = qobject_cast<const QLineEdit*>(editor))
        return !line->isReadOnly();
    if (const auto* text = qobject_cast<const QTextEdit*>(editor))
        return !text->isReadOnly();
    if (const auto* plain = qobject_cast<const QPlainTextEdit*>(editor))
        return !plain->isReadOnly();
    return false;
}

} // namespace

QWidget* textEditorOf(QWidget* widget)
{
    for (QWidget* part = widget; part != nullptr; part = part->parentWidget()) {
        if (qobject_cast<QAbstractSpinBox*>(part))
            return part;
        if (auto* combo = qobject_cast<QComboBox*>(part))
            return combo->isEditable() ? part : nullptr;
        if (part->isWindow())
            break;
    }
    if (qobject_cast<QLineEdit*>(widget) || qobject_cast<QTextEdit*>(widget)
        || qobject_cast<QPlainTextEdit*>(widget))
        return widget;
    // The viewport of a QTextEdit has the focus as often as the edit itself.
    if (widget && widget->parentWidget()
        && (qobject_cast<QTextEdit*>(widget->parentWidget())
            || qobject_cast<QPlainTextEdit*>(widget->parentWidget())))
        return widget->parentWidget();
    return nullptr;
}

bool isTypingKey(const QKeyEvent& key)
{
    if (key.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    if (key.key() == Qt::Key_Backspace || key.key() == Qt::Key_Delete)
        return true;
    const QString text = key.text();
    return !text.isEmpty() && text.at(0).isPrint() && !text.at(0).isSpace();
}

PlaybackKeys::PlaybackKeys(QWidget* window, QWidget* home)
    : QObject(window)
    , window_(window)
    , home_(home)
{
    qApp->installEventFilter(this);
}

PlaybackKeys::~PlaybackKeys()
{
    qApp->removeEventFilter(this);
}

bool PlaybackKeys::eventFilter(QObject* watched, QEvent* event)
{
    const QEvent::Type type = event->type();
    if (type != QEvent::ShortcutOverride && type != QEvent::KeyPress && type != QEvent::FocusOut)
        return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || widget->window() != window_)
        return false;
    if (type == QEvent::FocusOut) {
        if (edited_ && textEditorOf(widget) == edited_ && !edited_->hasFocus())
            edited_ = nullptr;
        return false;
    }
    auto* key = static_cast<QKeyEvent*>(event);
    if (type == QEvent::KeyPress) {
        onKeyPress(widget, key);
        return false;
    }
    return onShortcutOverride(widget, key);
}

// True when the offer is answered here: the window's shortcut then runs (the event is left
// ignored), or Esc ends an edit (accepted, so that it does not also cancel an analysis).
bool PlaybackKeys::onShortcutOverride(QWidget* focus, QKeyEvent* key)
{
    QWidget* editor = textEditorOf(focus);
    if (editor && key->key() == Qt::Key_Escape && (edited_ == editor || isPlainTextField(editor))) {
        edited_ = nullptr;
        if (home_)
            home_->setFocus(Qt::OtherFocusReason);
        key->accept();
        return true;
    }
    if (editor && (edited_ == editor || isPlainTextField(editor)))
        return false; // the field is being edited: it has every key
    if (editor && isTypingKey(*key) && !isWindowShortcut(key))
        return false; // the first key typed into a spin box goes into it (onKeyPress marks it)
    if (!isWindowShortcut(key))
        return false;
    key->ignore();
    return true;
}

void PlaybackKeys::onKeyPress(QWidget* focus, const QKeyEvent* key)
{
    QWidget* editor = textEditorOf(focus);
    if (!editor)
        return;
    if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)
        edited_ = nullptr; // the value is entered; the keys are the window's again
    else if (isTypingKey(*key))
        edited_ = editor;
}

// An enabled action of the window whose shortcut is this key (QAction::shortcuts, so the
// sheet of Help > Keyboard shortcuts and this filter read the same list).
bool PlaybackKeys::isWindowShortcut(const QKeyEvent* key) const
{
    // A key of the keypad carries KeypadModifier, which no shortcut names.
    const QKeySequence pressed(
        QKeyCombination(key->modifiers() & ~Qt::KeypadModifier, static_cast<Qt::Key>(key->key())));
    const auto actions = window_->findChildren<QAction*>();
    for (const QAction* action : actions) {
        if (!action->isEnabled())
            continue;
        for (const QKeySequence& shortcut : action->shortcuts())
            if (shortcut == pressed)
                return true;
    }
    return false;
}

} // namespace vigil::ui
