#pragma once
// FittedStatusBar: a status bar whose messages end in "…" where they meet the permanent widgets
// (the whole text is in the tooltip). QStatusBar clips a long message two pixels before the first
// permanent widget, so "Showing the saved results of" ran into "Shown result: …" and read as one
// sentence. GUI thread only.

#include <QStatusBar>

class QTimer;

namespace vigil::ui {

class FittedStatusBar : public QStatusBar {
    Q_OBJECT
public:
    explicit FittedStatusBar(QWidget* parent = nullptr);

    // QStatusBar::showMessage, fitted to the room left of the permanent widgets. (The base's is
    // not virtual: callers use this one.)
    void say(const QString& text, int timeoutMs = 0);
    // The message as given, before fitting; empty when none is shown.
    QString fullMessage() const { return full_; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void fit();
    int messageRoom() const;

    QTimer* timer_ = nullptr;
    QString full_;
    bool isFitting_ = false;
};

} // namespace vigil::ui
