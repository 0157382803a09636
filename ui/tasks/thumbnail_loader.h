#pragma once
// ThumbnailLoader: decodes single frames of a video into small images as BackgroundTask jobs,
// with its own FrameProvider kept between them, so the GUI never waits for a seek (a long GOP
// can take a second). Lives on the GUI thread and owns the task; the destructor cancels and
// waits. A request replaces the ones not yet done: the run in progress is cancelled and the
// newest request starts when it has stopped. Decode failures yield no image, never a throw.

#include "ui/tasks/background_task.h"

#include <QImage>
#include <QObject>
#include <QString>
#include <QVector>

#include <memory>
#include <optional>

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
    // What the jobs share, one job at a time: the decoder of the video they read.
    struct Decoding {
        int videoVersion = 0;
        std::unique_ptr<FrameProvider> frames;
    };

    void startPending();
    void decode(TaskContext& context, int generation, int videoVersion, const QString& video,
        const QVector<qint64>& frames);

    int widthPx_;
    BackgroundTask* task_;
    std::shared_ptr<Decoding> decoding_;
    QString video_;
    int videoVersion_ = 0; // each setVideo opens the file afresh
    std::optional<QVector<qint64>> pending_;
    int generation_ = 0; // GUI thread; a thumbnail of an older request is dropped
};

} // namespace vigil::ui
