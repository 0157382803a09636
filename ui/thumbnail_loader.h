#pragma once
// ThumbnailLoader: decodes single frames of a video into small images on its own thread, with
// its own FrameProvider, so the GUI never waits for a seek (a long GOP can take a second).
// Lives on the GUI thread and owns the decoding thread; the destructor stops and joins it.
// A request replaces the ones not yet started. Decode failures yield no image, never a throw.

#include <QImage>
#include <QObject>
#include <QThread>
#include <QVector>

#include <atomic>
#include <memory>

namespace vigil::ui {

class FrameProvider;

class ThumbnailLoader : public QObject {
    Q_OBJECT
public:
    explicit ThumbnailLoader(int widthPx, QObject* parent = nullptr);
    ~ThumbnailLoader() override;

    // The video to decode from; an empty path closes it. Pending requests are dropped.
    void setVideo(const QString& path);
    // Frames to decode, in this order; a later request makes this one moot.
    void request(const QVector<qint64>& frames);

signals:
    // On the GUI thread, for the latest request only.
    void thumbnailReady(qint64 frame, const QImage& image);

private:
    void decode(int generation, const QVector<qint64>& frames);

    int widthPx_;
    QThread thread_;
    QObject* threadContext_; // lives on thread_; queued lambdas run there
    std::unique_ptr<FrameProvider> frames_; // touched on thread_ only
    std::atomic<int> generation_ { 0 };
};

} // namespace vigil::ui
