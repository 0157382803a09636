#include "ui/live/live_worker.h"

#include "core/common/error.h"
#include "core/common/redacted_url.h"
#include "core/live/watch_summary.h"

#include <QDir>

#include <algorithm>

namespace vigil::ui {

bool LatestFrame::put(QImage image, int64_t streamUs)
{
    const std::lock_guard lock(mutex_);
    const bool wasEmpty = !image_.has_value();
    image_ = std::move(image);
    streamUs_ = streamUs;
    return wasEmpty;
}

std::optional<QImage> LatestFrame::take()
{
    const std::lock_guard lock(mutex_);
    std::optional<QImage> taken = std::move(image_);
    image_.reset();
    return taken;
}

int64_t LatestFrame::streamUs() const
{
    const std::lock_guard lock(mutex_);
    return streamUs_;
}

LiveRequest liveRequestFor(
    const live::WatchPlan& plan, std::shared_ptr<const engine::Engine> engine)
{
    LiveRequest request { *plan.settings, std::move(engine) };
    live::WatchSettings& settings = request.settings;
    // Record cuts from this ring too: ten minutes (still 64 MiB at most).
    settings.reader.ringDurationUs = std::max<int64_t>(settings.reader.ringDurationUs, 600000000);
    // A desktop app's working folder is wherever it was started from: say which one it is.
    settings.outputs.outputDir
        = QDir::current()
              .absoluteFilePath(QString::fromStdString(settings.outputs.outputDir))
              .toStdString();
    return request;
}

void registerLiveMetaTypes()
{
    qRegisterMetaType<live::LiveStep>();
    qRegisterMetaType<live::WatchStatus>();
    qRegisterMetaType<live::Alert>();
    qRegisterMetaType<live::EventRecord>();
    qRegisterMetaType<live::ClipSource>();
    qRegisterMetaType<live::RetryWait>();
}

LiveChannel::LiveChannel(std::string sourceLocation, std::shared_ptr<live::RetryNow> retryNow,
    std::shared_ptr<LatestFrame> frames, QObject* parent)
    : QObject(parent)
    , sourceLocation_(std::move(sourceLocation))
    , retryNow_(std::move(retryNow))
    , frames_(std::move(frames))
{
    registerLiveMetaTypes();
}

live::LiveObserver LiveChannel::observer()
{
    live::LiveObserver observer;
    observer.onFrame = [this](const cv::Mat& rgb, int64_t streamUs) {
        // The decoder reuses its buffer: the copy is the frame's own.
        QImage image(
            rgb.data, rgb.cols, rgb.rows, static_cast<qsizetype>(rgb.step), QImage::Format_RGB888);
        if (frames_->put(image.copy(), streamUs))
            emit frameReady();
    };
    observer.onStep = [this](const live::LiveStep& step) { emit stepScored(step); };
    observer.onOpenAlert = [this](const std::optional<live::Alert>& open) {
        if (open)
            emit alertOpenChanged(*open);
        else
            emit alertOpenEnded();
    };
    observer.onAlert = [this](const live::EventRecord& event) { emit alertClosed(event); };
    observer.onRetryWait = [this](live::RetryWait wait) {
        wait.reason = redacted(wait.reason).toStdString();
        emit retryWaiting(wait);
    };
    observer.onPackets = [this](const live::ClipSource& packets) { emit packetsChanged(packets); };
    return observer;
}

QString LiveChannel::redacted(const std::string& message) const
{
    return QString::fromStdString(redactedIn(message, sourceLocation_));
}

LiveWorker::LiveWorker(LiveRequest request, std::shared_ptr<live::RetryNow> retryNow,
    std::shared_ptr<LatestFrame> frames, QObject* parent)
    : LiveChannel(
        request.settings.reader.source.location, std::move(retryNow), std::move(frames), parent)
    , request_(std::move(request))
{
}

QVariant LiveWorker::run(TaskContext& context)
{
    QDir().mkpath(QString::fromStdString(request_.settings.outputs.outputDir));
    live::WatchSession session(
        request_.settings, *request_.engine,
        [this](const std::string& text) { emit notice(redacted(text)); },
        [this](const live::WatchStatus& status) { emit statusChanged(status); });
    session.setObserver(observer());
    session.setRetryNow(retryNow());
    return redacted(live::outcomeSummary(session.run(context.cancel())));
}

} // namespace vigil::ui
