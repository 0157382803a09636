#include "ui/thumbnail_loader.h"

#include "ui/frame_provider.h"

#include <exception>

namespace vigil::ui {

ThumbnailLoader::ThumbnailLoader(int widthPx, QObject* parent)
    : QObject(parent)
    , widthPx_(widthPx)
    , threadContext_(new QObject)
{
    thread_.setObjectName(QStringLiteral("vigil-thumbnails"));
    threadContext_->moveToThread(&thread_);
    connect(&thread_, &QThread::finished, threadContext_, &QObject::deleteLater);
    thread_.start();
}

ThumbnailLoader::~ThumbnailLoader()
{
    ++generation_; // a decode in progress stops after its current frame
    thread_.quit();
    thread_.wait();
    // The thread has ended: frames_ is no longer in use and may die here.
}

void ThumbnailLoader::setVideo(const QString& path)
{
    ++generation_;
    QMetaObject::invokeMethod(threadContext_, [this, path] {
        frames_.reset();
        if (path.isEmpty())
            return;
        try {
            frames_ = std::make_unique<FrameProvider>(path.toStdString());
        } catch (const std::exception&) {
            frames_.reset(); // the video panel already says why the file cannot be read
        }
    });
}

void ThumbnailLoader::request(const QVector<qint64>& frames)
{
    const int generation = ++generation_;
    QMetaObject::invokeMethod(
        threadContext_, [this, generation, frames] { decode(generation, frames); });
}

// On thread_.
void ThumbnailLoader::decode(int generation, const QVector<qint64>& frames)
{
    for (const qint64 frame : frames) {
        if (generation != generation_ || !frames_)
            return;
        QImage image;
        try {
            image = frames_->frameAt(frame);
        } catch (const std::exception&) {
            continue;
        }
        if (image.isNull())
            continue;
        QImage small = image.scaledToWidth(widthPx_, Qt::SmoothTransformation);
        QMetaObject::invokeMethod(this, [this, generation, frame, small] {
            if (generation == generation_)
                emit thumbnailReady(frame, small);
        });
    }
}

} // namespace vigil::ui
