#pragma once
// AnalysisStatusWidget: the status-bar strip that shows a running analysis (stage 1/3 decode,
// 2/3 features, 3/3 scores; the share done, 100 % only once the result is complete; frames per
// second, ETA) with its Cancel button. Passive: it shows what it is told and asks
// for cancellation with a signal. GUI thread only.

#include "ui/tasks/analysis_progress.h"

#include <QWidget>

class QProgressBar;
class QPushButton;

namespace vigil::ui {

class ElidedLabel;

class AnalysisStatusWidget : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisStatusWidget(QWidget* parent = nullptr);

    QString text() const;
    // What the bar shows, 0..100; -1 while it is busy (the share done cannot be known).
    int percent() const;

public slots:
    void showStarted(const QString& videoPath);
    void showProgress(const vigil::ui::AnalysisProgress& progress);
    void showFinished();
    // A line that stays until the next analysis or note (what the shown results are), without
    // the bar and Cancel: the status bar's own messages go after a few seconds.
    void showNote(const QString& text);

signals:
    void cancelRequested();

private:
    static QString stageText(const AnalysisProgress& progress);
    static QString otherPassText(const AnalysisProgress& progress);
    static QString windowsText(qint64 windows);

    ElidedLabel* label_; // elided: a long line never widens the window past the screen
    QProgressBar* bar_;
    QPushButton* cancel_;
};

} // namespace vigil::ui
