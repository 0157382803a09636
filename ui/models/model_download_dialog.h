#pragma once
// ModelDownloadDialog: downloads the named published weights with a progress bar and a Cancel
// button, as a BackgroundTask that it owns (ModelDownloadWorker's job). exec() returns Accepted
// when every file is installed; otherwise errorText() says why (empty after a cancel). A cancelled
// download keeps its partial file, so the next try resumes. GUI thread only.

#include "ui/tasks/background_task.h"

#include <QDialog>
#include <QStringList>

class QLabel;
class QProgressBar;

namespace vigil::ui {

struct DownloadStatus;

class ModelDownloadDialog : public QDialog {
    Q_OBJECT
public:
    ModelDownloadDialog(
        QString modelsFolder, QStringList names, QString mirror, QWidget* parent = nullptr);
    ~ModelDownloadDialog() override;

    QString errorText() const { return errorText_; }

public slots:
    int exec() override; // starts the download, returns when it has ended
    void reject() override; // Cancel, Esc and closing the dialog: cancel, then wait for the end

private:
    void showStatus(const DownloadStatus& status);

    QString modelsFolder_;
    QStringList names_;
    QString mirror_;
    QLabel* label_;
    QProgressBar* bar_;
    BackgroundTask* task_;
    bool hasSucceeded_ = false;
    QString errorText_;
};

} // namespace vigil::ui
