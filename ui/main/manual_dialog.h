#pragma once
// Help > Manual: Vigil's guides (docs/*.md, compiled into the program as Qt resources, so a
// lone binary has them) shown as rich text, one list entry a guide. Links between guides stay in
// the dialog; web links open in the browser. GUI thread only.

#include <QDialog>

class QListWidget;
class QTextBrowser;

namespace vigil::ui {

class ManualDialog : public QDialog {
    Q_OBJECT
public:
    explicit ManualDialog(QWidget* parent = nullptr);

    // Shows guide `file` ("explain.md") at its first heading that starts with headingStart
    // ("3." for the third question; empty: the top). False when there is no such guide.
    bool showGuide(const QString& file, const QString& headingStart = {});
    QString currentGuide() const { return current_; }
    QString text() const; // the guide shown, as plain text

private:
    void scrollToHeading(const QString& headingStart);

    QListWidget* list_;
    QTextBrowser* browser_;
    QString current_;
};

// The guides in the manual, in its list's order: {file, title}.
QList<QPair<QString, QString>> manualGuides();

} // namespace vigil::ui
