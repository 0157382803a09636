#pragma once
// LiveRecorder: the live view's Record toggle. The stream is written by stream copy (no
// re-encode) from the packet ring that vigil watch's reader keeps for alert clips
// (media::PacketRing): start() notes the stream time, stop() cuts [start, stop] out of the ring
// into OUTPUT/record-<UTC time>.mkv on a thread of its own (atomically: the path holds a whole
// clip or nothing). What the ring no longer holds (it keeps minutes, and 64 MiB at most) cannot
// be written: such a recording starts late, and says so. GUI thread; the destructor waits.

#include "core/live/alert_outputs.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

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
    bool isWriting() const { return writer_ != nullptr; }

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
    QPointer<QThread> writer_;
};

} // namespace vigil::ui
