#pragma once
// ModelDownloadWorker: downloads and installs published weights (core/models_store's fetch:
// resumable, checksum-verified) on the thread it was moved to. Created by ModelDownloadDialog,
// which owns the thread and the cancellation token and cancels by a direct call. Progress is
// throttled; every outcome becomes a signal (succeeded, failed, cancelled), then finished.

#include "core/common/cancellation.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <chrono>
#include <memory>

namespace vigil::ui {

struct DownloadStatus {
    QString name;         // the manifest entry being fetched
    int index = 0;        // its position in the request, from 0
    int count = 0;
    qint64 bytesDone = 0;
    qint64 bytesTotal = -1; // -1 while unknown
};

class ModelDownloadWorker : public QObject {
    Q_OBJECT
public:
    ModelDownloadWorker(QString modelsFolder, QStringList names, QString mirror,
        std::shared_ptr<const CancellationToken> cancel, QObject* parent = nullptr);

    static constexpr std::chrono::milliseconds kProgressInterval { 100 };

public slots:
    void run();

signals:
    void progressChanged(const vigil::ui::DownloadStatus& status);
    void succeeded();
    void failed(const QString& message);
    void cancelled();
    void finished();

private:
    QString modelsFolder_;
    QStringList names_;
    QString mirror_;
    std::shared_ptr<const CancellationToken> cancel_;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::ui::DownloadStatus)
