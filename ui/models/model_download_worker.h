#pragma once
// ModelDownloadWorker: the job that downloads and installs published weights (core/models_store's
// fetch: resumable, checksum-verified) on a BackgroundTask's thread. Run by ModelDownloadDialog,
// which owns the task and cancels by a direct call. Progress goes through the task (throttled;
// its detail a DownloadStatus); the task turns the outcome into its signals.

#include "ui/tasks/background_task.h"

#include <QObject>
#include <QString>
#include <QStringList>

namespace vigil::ui {

struct DownloadStatus {
    QString name; // the manifest entry being fetched
    int index = 0; // its position in the request, from 0
    int count = 0;
    qint64 bytesDone = 0;
    qint64 bytesTotal = -1; // -1 while unknown
};

class ModelDownloadWorker {
public:
    ModelDownloadWorker(QString modelsFolder, QStringList names, QString mirror);

    // On the task's thread. Throws Cancelled, or an error whose message starts with the name
    // of the entry that failed.
    QVariant run(TaskContext& context) const;

private:
    void fetch(TaskContext& context, int index) const;

    QString modelsFolder_;
    QStringList names_;
    QString mirror_;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::ui::DownloadStatus)
