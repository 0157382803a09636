#include "ui/live/cameras_worker.h"

#include "core/live/multi_watch.h"
#include "core/live/watch_summary.h"

#include <QDir>
#include <QFileInfo>

namespace vigil::ui {

CamerasWorker::CamerasWorker(
    const live::CamerasPlan& plan, std::shared_ptr<const engine::Engine> engine, QObject* parent)
    : QObject(parent)
{
    for (size_t i = 0; i < plan.cameras.size(); ++i) {
        requests_.push_back(liveRequestFor(plan.cameras[i], engine));
        names_ << QString::fromStdString(plan.names[i]);
        channels_.push_back(
            std::make_unique<LiveChannel>(requests_.back().settings.reader.source.location,
                std::make_shared<live::RetryNow>(), std::make_shared<LatestFrame>()));
    }
    if (!plan.processStatusFile.empty())
        processStatusFile_ = QDir::current()
                                 .absoluteFilePath(QString::fromStdString(plan.processStatusFile))
                                 .toStdString();
}

QString CamerasWorker::outputRoot() const
{
    return processStatusFile_.empty()
        ? QString()
        : QFileInfo(QString::fromStdString(processStatusFile_)).path();
}

QVariant CamerasWorker::run(TaskContext& context)
{
    std::vector<live::CameraSpec> specs;
    for (size_t i = 0; i < requests_.size(); ++i) {
        LiveChannel* channel = channels_[i].get();
        QDir().mkpath(QString::fromStdString(requests_[i].settings.outputs.outputDir));
        specs.push_back({ requests_[i].settings,
            [channel](const std::string& text) { emit channel->notice(channel->redacted(text)); },
            [channel](const live::WatchStatus& status) { emit channel->statusChanged(status); },
            channel->observer(), channel->retryNow() });
    }
    live::MultiWatch watch(std::move(specs), *requests_.front().engine);
    watch.setProcessStatusFile(processStatusFile_);
    const std::vector<live::WatchOutcome> outcomes = watch.run(context.cancel());
    QStringList summaries;
    for (size_t i = 0; i < outcomes.size(); ++i)
        summaries << channels_[i]->redacted(live::outcomeSummary(outcomes[i]));
    return summaries;
}

} // namespace vigil::ui
