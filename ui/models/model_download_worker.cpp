#include "ui/models/model_download_worker.h"

#include "core/common/error.h"
#include "core/models_store/model_fetch.h"

#include <exception>

namespace vigil::ui {

ModelDownloadWorker::ModelDownloadWorker(QString modelsFolder, QStringList names, QString mirror)
    : modelsFolder_(std::move(modelsFolder))
    , names_(std::move(names))
    , mirror_(std::move(mirror))
{
}

QVariant ModelDownloadWorker::run(TaskContext& context) const
{
    for (int i = 0; i < names_.size(); ++i) {
        try {
            fetch(context, i);
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& error) {
            // Which of the files failed is what the user needs first.
            throw IoError(names_[i].toStdString() + ": " + error.what());
        }
    }
    return {};
}

void ModelDownloadWorker::fetch(TaskContext& context, int index) const
{
    using namespace models_store;
    const QString& name = names_[index];
    ModelStore store(modelsFolder_.toStdString(), ModelManifest::builtIn());
    const ModelEntry* entry = store.manifest().find(name.toStdString());
    if (!entry)
        throw IoError("unknown model");
    const int count = static_cast<int>(names_.size());
    DownloadStatus status { name, index, count, 0, -1 };
    const auto report = [&](ReportKind kind) {
        TaskProgress progress;
        const double ofFile = status.bytesTotal > 0
            ? static_cast<double>(status.bytesDone) / static_cast<double>(status.bytesTotal)
            : 0.0;
        progress.fraction = (index + ofFile) / count;
        progress.text = name; // a new file is always reported
        progress.detail = QVariant::fromValue(status);
        context.report(progress, kind);
    };
    report(ReportKind::Forced);
    fetchModel(
        store, Downloader(), { entry, mirror_.toStdString() },
        [&](const DownloadProgress& progress) {
            status.bytesDone = progress.bytesDone;
            status.bytesTotal = progress.bytesTotal;
            report(ReportKind::Throttled);
        },
        context.cancel());
}

} // namespace vigil::ui
