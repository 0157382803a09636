#include "ui/live/live_recorder.h"

#include "core/common/error.h"
#include "core/media/packet_ring.h"

#include <QDateTime>
#include <QDir>

#include <optional>

namespace vigil::ui {

LiveRecorder::LiveRecorder(QString outputDir, QObject* parent)
    : QObject(parent)
    , outputDir_(std::move(outputDir))
    , writer_(new BackgroundTask(QStringLiteral("vigil-record"), this))
{
    qRegisterMetaType<media::WrittenClip>();
    connect(writer_, &BackgroundTask::failed, this, &LiveRecorder::failed);
    connect(writer_, &BackgroundTask::succeeded, this, [this](const QVariant& result) {
        if (result.isNull())
            emit failed(tr("%1: not written: no keyframe of that time was kept").arg(writingPath_));
        else
            emit written(writingPath_,
                result.value<media::WrittenClip>().startsLate
                    ? tr("starts late: the packets before it had left the ring")
                    : QString());
    });
}

LiveRecorder::~LiveRecorder()
{
    // The clip's file is finished (or removed) before we go.
    disconnect(writer_, nullptr, this, nullptr);
    writer_->cancelAndWait();
}

bool LiveRecorder::start(int64_t streamUs)
{
    if (!packets_.packets || isWriting())
        return false;
    recording_ = packets_;
    startUs_ = streamUs;
    return true;
}

void LiveRecorder::stop(int64_t streamUs)
{
    if (!startUs_)
        return;
    writingPath_ = QDir(outputDir_)
                       .filePath(QStringLiteral("record-%1.mkv")
                                     .arg(QDateTime::currentDateTimeUtc().toString(
                                         QStringLiteral("yyyyMMdd-HHmmss"))));
    const live::ClipSource source = recording_;
    const int64_t fromUs = *startUs_ - source.packetOffsetUs;
    const int64_t toUs = streamUs - source.packetOffsetUs;
    startUs_.reset();
    writer_->start([source, fromUs, toUs, path = writingPath_.toStdString()](TaskContext&) {
        const std::optional<media::WrittenClip> clip
            = source.packets->writeClip(path, fromUs, toUs);
        return clip ? QVariant::fromValue(*clip) : QVariant();
    });
}

} // namespace vigil::ui
