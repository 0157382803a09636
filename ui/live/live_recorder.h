#pragma once
// LiveRecorder: the live view's Record toggle. The stream is written by stream copy (no
// re-encode) from the packet ring that vigil watch's reader keeps for alert clips
// (media::PacketRing): start() notes the stream time, stop() cuts [start, stop] out of the ring
// into OUTPUT/record-<UTC time>.mkv as a BackgroundTask's job (atomically: the path holds a whole
// clip or nothing). What the ring no longer holds (it keeps minutes, and 64 MiB at most) cannot
// be written: such a recording starts late, and says so. GUI thread; the destructor waits.

#include "core/live/alert_outputs.h"
#include "core/media/packet_ring.h"
#include "ui/tasks/background_task.h"

#include <QObject>
#include <QString>

#include <optional>

namespace vigil::ui {

class LiveRecorder : public QObject {
    Q_OBJECT
public:
    explicit LiveRecorder(QString outputDir, QObject* parent = nullptr);
    ~LiveRecorder() override;

    // The connection whose packets are read now (LiveObserver::onPackets).
    void setPackets(const live::ClipSource& packets) { packets_ = packets; }
    bool isRecording() const { return startUs_.has_value(); }
    bool isWriting() const { return writer_->isRunning(); }

    // Session times (LatestFrame::streamUs). start() is false when there is nothing to record
    // from yet (no packets, or a clip is still being written).
    bool start(int64_t streamUs);
    void stop(int64_t streamUs);

signals:
    void written(const QString& path, const QString& note);
    void failed(const QString& message);

private:
    QString outputDir_;
    live::ClipSource packets_;
    live::ClipSource recording_;
    std::optional<int64_t> startUs_;
    BackgroundTask* writer_;
    QString writingPath_;
};

} // namespace vigil::ui

Q_DECLARE_METATYPE(vigil::media::WrittenClip)
