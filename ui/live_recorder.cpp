#include "ui/live_recorder.h"

#include "core/common/error.h"
#include "core/media/packet_ring.h"

#include <QDateTime>
#include <QDir>

#include <memory>

namespace vigil::ui {
namespace {

struct WriteOutcome {
    std::optional<media::WrittenClip> clip;
    QString error;
};

} // namespace

LiveRecorder::LiveRecorder(QString outputDir, QObject* parent)
    : QObject(parent)
    , outputDir_(std::move(outputDir))
{
}

LiveRecorder::~LiveRecorder()
{
    if (writer_)
        writer_->wait(); // the clip's file is finished (or removed) before we go
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
    const QString path = QDir(outputDir_)
                             .filePath(QStringLiteral("record-%1.mkv")
                                           .arg(QDateTime::currentDateTimeUtc().toString(
                                               QStringLiteral("yyyyMMdd-HHmmss"))));
    const live::ClipSource source = recording_;
    const int64_t fromUs = *startUs_ - source.packetOffsetUs;
    const int64_t toUs = streamUs - source.packetOffsetUs;
    startUs_.reset();
    auto outcome = std::make_shared<WriteOutcome>();
    writer_ = QThread::create([source, fromUs, toUs, path, outcome] {
        try {
            outcome->clip = source.packets->writeClip(path.toStdString(), fromUs, toUs);
        } catch (const std::exception& error) {
            outcome->error = QString::fromStdString(error.what());
        }
    });
    connect(writer_, &QThread::finished, this, [this, path, outcome] {
        writer_->deleteLater();
        writer_ = nullptr;
        if (!outcome->error.isEmpty())
            emit failed(outcome->error);
        else if (!outcome->clip)
            emit failed(tr("%1: not written: no keyframe of that time was kept").arg(path));
        else
            emit written(path,
                outcome->clip->startsLate
                    ? tr("starts late: the packets before it had left the ring")
                    : QString());
    });
    writer_->start();
}

} // namespace vigil::ui
