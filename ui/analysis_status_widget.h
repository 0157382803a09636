#pragma once
// AnalysisStatusWidget: the status-bar strip that shows a running analysis (stage, progress,
// frames per second, ETA) with its Cancel button. Passive: it shows what it is told and asks
// for cancellation with a signal. GUI thread only.

#include "ui/analysis_worker.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace vigil::ui {

class AnalysisStatusWidget : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisStatusWidget(QWidget* parent = nullptr);

    QString text() const;

public slots:
    void showStarted(const QString& videoPath);
    void showProgress(const vigil::ui::AnalysisProgress& progress);
    void showFinished();

signals:
    void cancelRequested();

private:
    QLabel* label_;
    QProgressBar* bar_;
    QPushButton* cancel_;
};

} // namespace vigil::ui
