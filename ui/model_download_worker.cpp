#include "ui/model_download_worker.h"

#include "core/common/error.h"
#include "core/models_store/model_fetch.h"

#include <exception>

namespace vigil::ui {

ModelDownloadWorker::ModelDownloadWorker(QString modelsFolder, QStringList names, QString mirror,
    std::shared_ptr<const CancellationToken> cancel, QObject* parent)
    : QObject(parent)
    , modelsFolder_(std::move(modelsFolder))
    , names_(std::move(names))
    , mirror_(std::move(mirror))
    , cancel_(std::move(cancel))
{
}

void ModelDownloadWorker::run()
{
    using namespace models_store;
    QString current;
    try {
        ModelStore store(modelsFolder_.toStdString(), ModelManifest::builtIn());
        const Downloader downloader;
        for (int i = 0; i < names_.size(); ++i) {
            current = names_[i];
            const ModelEntry* entry = store.manifest().find(current.toStdString());
            if (!entry)
                throw IoError(current.toStdString() + ": unknown model");
            DownloadStatus status { current, i, static_cast<int>(names_.size()), 0, -1 };
            emit progressChanged(status);
            auto lastReport = std::chrono::steady_clock::now();
            fetchModel(store, downloader, { entry, mirror_.toStdString() },
                [&](const DownloadProgress& progress) {
                    const auto now = std::chrono::steady_clock::now();
                    if (now - lastReport < kProgressInterval)
                        return;
                    lastReport = now;
                    status.bytesDone = progress.bytesDone;
                    status.bytesTotal = progress.bytesTotal;
                    emit progressChanged(status);
                },
                *cancel_);
        }
        emit succeeded();
    } catch (const Cancelled&) {
        emit cancelled();
    } catch (const std::exception& error) {
        emit failed(QStringLiteral("%1: %2").arg(current, QString::fromStdString(error.what())));
    } catch (...) {
        emit failed(tr("%1: unexpected failure").arg(current));
    }
    emit finished();
}

} // namespace vigil::ui
