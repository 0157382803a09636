#include "ui/tasks/thumbnail_loader.h"

#include "ui/main/frame_provider.h"

#include <exception>

namespace vigil::ui {

ThumbnailLoader::ThumbnailLoader(int widthPx, QObject* parent)
    : QObject(parent)
    , widthPx_(widthPx)
    , task_(new BackgroundTask(QStringLiteral("vigil-thumbnails"), this))
    , decoding_(std::make_shared<Decoding>())
{
    connect(task_, &BackgroundTask::finished, this, &ThumbnailLoader::startPending);
}

ThumbnailLoader::~ThumbnailLoader()
{
    disconnect(task_, nullptr, this, nullptr);
    task_->cancelAndWait(); // a decode in progress stops after its current frame
}

void ThumbnailLoader::setVideo(const QString& path)
{
    ++generation_;
    ++videoVersion_;
    video_ = path;
    pending_ = QVector<qint64>(); // opens (or closes) the video, decodes nothing
    task_->cancel();
    startPending();
}

void ThumbnailLoader::request(const QVector<qint64>& frames)
{
    ++generation_;
    pending_ = frames;
    task_->cancel();
    startPending();
}

void ThumbnailLoader::startPending()
{
    if (!pending_ || task_->isRunning())
        return; // the run in progress ends soon: finished() starts the newest request
    const QVector<qint64> frames = std::move(*pending_);
    pending_.reset();
    task_->start([this, generation = generation_, version = videoVersion_, video = video_, frames](
                     TaskContext& context) {
        decode(context, generation, version, video, frames);
        return QVariant();
    });
}

// On the task's thread.
void ThumbnailLoader::decode(TaskContext& context, int generation, int videoVersion,
    const QString& video, const QVector<qint64>& frames)
{
    Decoding& decoding = *decoding_;
    if (decoding.videoVersion != videoVersion) {
        decoding.frames.reset();
        decoding.videoVersion = videoVersion;
        try {
            if (!video.isEmpty())
                decoding.frames = std::make_unique<FrameProvider>(video.toStdString());
        } catch (const std::exception&) {
            // The video panel already says why the file cannot be read.
        }
    }
    for (const qint64 frame : frames) {
        context.cancel().throwIfCancelled();
        if (!decoding.frames)
            return;
        QImage image;
        try {
            image = decoding.frames->frameAt(frame);
        } catch (const std::exception&) {
            continue;
        }
        if (image.isNull())
            continue;
        QImage small = image.scaledToWidth(widthPx_, Qt::SmoothTransformation);
        context.post([this, generation, frame, small] {
            if (generation == generation_)
                emit thumbnailReady(frame, small);
        });
    }
}

} // namespace vigil::ui
