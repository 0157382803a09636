#pragma once
// LiveStepper: what a watch does with each snippet and each gap, in stream order: extracts and
// scores the snippet causally (CausalWindow, FamilyDetectors), appends DIR/scores.csv, tracks
// alerts (AlertTracker), writes their outputs (AlertOutputs), and tells the observer and the
// status line, and keeps DIR/status.json (WatchHealth) current. It owns no thread and reads time
// only through its StepClock, so the gaps, unscored windows and alert logic are tested in virtual
// time by feeding it snippets and gaps; WatchSession feeds it from its reader. Owned by one run,
// its thread only. Throws IoError when DIR cannot be written, ModelError from the networks.

#include "core/engine/engine.h"
#include "core/live/causal_window.h"
#include "core/live/family_detectors.h"
#include "core/live/live_observer.h"
#include "core/live/scores_csv.h"
#include "core/live/watch_health.h"
#include "core/live/watch_types.h"

#include <atomic>
#include <functional>
#include <vector>

namespace vigil::live {

// The only time the stepper reads: the stream clock now (lag, notices) and the wall clock of a
// stream time (the files' wall_time columns).
struct StepClock {
    std::function<int64_t()> nowUs;
    std::function<int64_t(int64_t streamUs)> wallMsAt;
};

struct StepperCallbacks {
    NoticeCallback notice;
    StatusCallback status;
    LiveObserver observer;
};

class LiveStepper {
public:
    // engine and settings outlive the stepper; settings.outputs.outputDir exists.
    LiveStepper(const engine::Engine& engine, const WatchSettings& settings, StepClock clock,
        StepperCallbacks callbacks);

    // Gaps before the next snippet, oldest first: skipped snippets (places in the window),
    // a lost stream (closes an open alert at once), the time it was away (a new window).
    void takeGaps(const std::vector<StreamGap>& gaps);
    void score(const LiveSnippet& snippet);
    // As score(), with the snippet's feature [crops, width] already extracted (a batch of
    // several cameras' snippets goes through the backbone at once: CameraWatch).
    void scoreFeature(const LiveSnippet& snippet, const FloatArray& feature);
    // The watch ends: an open alert closes (stop), the clips still due are written.
    void finish();

    int64_t lastSeenEndUs() const { return lastSeenEndUs_; }
    HealthFigures health() const { return health_.figures(); }
    // The reader's count of decoded frames (LiveReader::setFrameCounter), for the decode rate.
    void setFrameCounter(const std::atomic<int64_t>* decoded) { decoded_ = decoded; }
    const WatchOutcome& outcome() const { return outcome_; }

private:
    void closeAlert(std::optional<Alert> alert);
    void closeOpenAlert(AlertEnd by);
    void tellOpenAlert() const;
    void tellStep(const LiveStep& step) const;
    void skip(const StreamGap& gap);
    void noticeSkips(int64_t nowUs);
    void followPackets(const LiveSnippet& snippet);
    void leaveUnscored(const LiveSnippet& snippet);
    void track(
        const LiveSnippet& snippet, const CausalScore& scored, std::vector<float> detectorScores);
    // DIR/status.json, at most every kStatusEveryUs of the stream clock (and at the end).
    void writeStatus(int64_t nowUs, bool isDue);

    const engine::Engine& engine_;
    const WatchSettings& settings_;
    StepClock clock_;
    StepperCallbacks callbacks_;
    CausalWindow window_;
    FamilyDetectors detectors_;
    AlertTracker tracker_;
    ScoresCsv scores_;
    AlertOutputs outputs_;
    WatchOutcome outcome_;
    cv::Mat peakFrame_;
    ClipSource alertClip_;
    ClipSource packets_; // of the newest snippet's connection
    int64_t stepIndex_ = 0;
    int64_t lastSeenEndUs_ = 0; // of the newest snippet taken
    int64_t skippedSinceNotice_ = 0;
    int64_t takenSinceNotice_ = 0; // snippets extracted since the last notice
    int64_t lastSkipNoticeUs_;
    WatchHealth health_;
    const std::atomic<int64_t>* decoded_ = nullptr;
    int64_t lastStatusUs_;
};

} // namespace vigil::live
