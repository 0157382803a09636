#pragma once
// AlertOutputs: what vigil watch writes for each alert, in DIR. The alert's events.jsonl line is
// appended (synced, never torn: LineAppender) the moment the alert closes, naming its thumbnail
// (the peak step's middle frame, PNG, written first), so an alert is on disk at once. The clip
// (stream copy of pre-roll + alert + post-roll, Matroska) can only be cut once the post-roll has
// been read, so writeDueClips() writes it later, atomically, then appends its clip_written line
// (clip_failed when it could not be), then runs the --exec hook with the alert's line naming
// the clip: no line, and no hook, ever names a file that is not on disk. An alert without
// packets runs the hook at once. One thread; throws IoError when events.jsonl cannot be written
// (the one output that must not be lost).

#include "core/common/defaults.h"
#include "core/live/alert_tracker.h"
#include "core/live/exec_hook.h"
#include "core/live/line_appender.h"
#include "core/live/live_reader.h"
#include "core/live/live_records.h"

#include <opencv2/core.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vigil::live {

struct OutputSettings {
    std::string outputDir;
    std::string sourceName; // redacted
    // Which networks made the scores (analysis::weightsSummary), named in every events.jsonl
    // line: an alert of demo weights must say so wherever it travels.
    std::string networks;
    int64_t preRollUs = static_cast<int64_t>(defaults::kAlertPreRollS * 1e6);
    int64_t postRollUs = static_cast<int64_t>(defaults::kAlertPostRollS * 1e6);
    std::string execCommand; // empty: none
};

// Where an alert's packets are: the connection's ring and its clock offset.
struct ClipSource {
    std::shared_ptr<const media::PacketRing> packets;
    int64_t packetOffsetUs = 0;
};

class AlertOutputs {
public:
    AlertOutputs(OutputSettings settings, NoticeCallback notice);

    // Returns what its events.jsonl line says.
    EventRecord record(const Alert& alert, const cv::Mat& peakFrame, const ClipSource& clip);
    // Writes the clips whose post-roll ends at or before nowUs (every pending one when
    // isStopping: the stream will not give more).
    void writeDueClips(int64_t nowUs, bool isStopping);
    int64_t eventsWritten() const { return eventsWritten_; }

private:
    struct PendingClip {
        EventRecord event; // clip still empty
        ClipSource source;
    };
    std::string writeThumbnail(int64_t id, const cv::Mat& frame);
    void writeClip(PendingClip& clip);
    void runHook(const std::string& line);

    OutputSettings settings_;
    NoticeCallback notice_;
    LineAppender events_;
    std::optional<ExecHook> hook_;
    int64_t nextId_ = 1;
    int64_t eventsWritten_ = 0;
    std::vector<PendingClip> pending_;
};

} // namespace vigil::live
