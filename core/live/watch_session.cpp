#include "core/live/watch_session.h"

#include "core/analysis/weights_summary.h"
#include "core/common/error.h"
#include "core/live/causal_window.h"
#include "core/live/live_records.h"
#include "core/live/rolling_detectors.h"
#include "core/live/scores_csv.h"
#include "core/live/watch_plan.h"
#include "core/live/watch_summary.h"

#include <atomic>
#include <chrono>
#include <climits>
#include <thread>

namespace vigil::live {
namespace {

constexpr int64_t kSkipNoticeEveryUs = 60000000; // "says so once per minute"

// Passes the caller's cancel on to the run's own token while it lives, also during the first
// open of the source (which can wait for its whole timeout).
class CancelRelay {
public:
    CancelRelay(const CancellationToken& from, CancellationToken& to)
        : thread_([this, &from, &to] {
            while (!isDone_.load()) {
                if (from.isCancelled()) {
                    to.cancel();
                    return;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        })
    {
    }
    ~CancelRelay()
    {
        isDone_.store(true);
        thread_.join();
    }
    CancelRelay(const CancelRelay&) = delete;
    CancelRelay& operator=(const CancelRelay&) = delete;

private:
    std::atomic<bool> isDone_ { false };
    std::thread thread_;
};

std::vector<std::string> detectorNames(const engine::Engine& engine)
{
    std::vector<std::string> names;
    for (const analysis::SelectedDetector& detector : engine.detectors())
        names.push_back(toString(detector.kind));
    return names;
}

} // namespace

// The state of one run, on run()'s thread.
struct WatchSession::Run {
    const WatchSession& session;
    StreamClock clock;
    CausalWindow window;
    RollingDetectors detectors;
    AlertTracker tracker;
    ScoresCsv scores;
    AlertOutputs outputs;
    WatchOutcome outcome;
    cv::Mat peakFrame;
    ClipSource alertClip;
    ClipSource packets; // of the newest snippet's connection
    int64_t stepIndex = 0;
    int64_t lastSeenEndUs = 0; // of the newest snippet taken from the queue
    int64_t skippedSinceNotice = 0;
    int64_t lastSkipNoticeUs = -kSkipNoticeEveryUs;

    explicit Run(const WatchSession& owner)
        : session(owner)
        , window(owner.engine_.classifier(), owner.settings_.windowSteps)
        , detectors(owner.engine_.detectors(), defaults::kLiveDetectorSpanSteps)
        , tracker(owner.settings_.alerts)
        , scores(owner.settings_.outputs.outputDir, detectorNames(owner.engine_))
        , outputs(owner.settings_.outputs, owner.notice_)
    {
    }

    int64_t wallMsAt(int64_t us) const { return clock.wallMsAt(us); }

    void closeAlert(std::optional<Alert> alert)
    {
        if (!alert)
            return;
        const EventRecord event = outputs.record(*alert, peakFrame, alertClip);
        if (session.observer_.onAlert)
            session.observer_.onAlert(event);
        ++outcome.alerts;
        peakFrame.release();
    }

    void tellOpenAlert() const
    {
        if (session.observer_.onOpenAlert)
            session.observer_.onOpenAlert(tracker.openAlert());
    }

    void closeOpenAlert(AlertEnd by)
    {
        if (!tracker.isOpen())
            return;
        closeAlert(tracker.stop(by));
        tellOpenAlert();
    }

    void tellStep(const LiveStep& step) const
    {
        if (session.observer_.onStep)
            session.observer_.onStep(step);
    }

    void takeGaps(int64_t beforeUs, GapLog& gaps)
    {
        for (const StreamGap& gap : gaps.takeBefore(beforeUs)) {
            if (gap.kind == StreamGap::Kind::Lost) {
                closeOpenAlert(AlertEnd::StreamLost); // at once, not at the reconnection
                continue;
            }
            scores.append(gap.startUs, wallMsAt(gap.startUs), std::nullopt);
            if (gap.kind == StreamGap::Kind::Skipped) {
                tellStep({ gap.startUs, gap.endUs, std::nullopt, {}, LiveStep::Kind::Skipped });
                window.pushGap();
                detectors.pushGap();
                ++outcome.snippetsSkipped;
                ++skippedSinceNotice;
                ++stepIndex;
                continue;
            }
            tellStep({ gap.startUs, gap.endUs, std::nullopt, {}, LiveStep::Kind::NoStream });
            // A new connection: its packets are another ring and its steps another stream.
            closeOpenAlert(AlertEnd::StreamLost);
            window.reset();
            detectors.reset();
        }
    }

    void noticeSkips(int64_t nowUs)
    {
        if (skippedSinceNotice == 0 || nowUs - lastSkipNoticeUs < kSkipNoticeEveryUs)
            return;
        session.notice_(session.settings_.reader.displayName + ": the networks cannot keep up; "
            + countOf(skippedSinceNotice, "snippet was", "snippets were")
            + " skipped (not scored) to stay live");
        skippedSinceNotice = 0;
        lastSkipNoticeUs = nowUs;
    }

    void score(const LiveSnippet& snippet)
    {
        FloatArray feature = session.engine_.pipeline().extractor().extract(snippet.input);
        feature.shape = { feature.dim(0), feature.dim(1) };
        const CausalScore scored = window.push(feature);
        std::vector<float> detectorScores = detectors.push(feature);
        ScoredStep step { snippet.startUs, snippet.endUs, wallMsAt(snippet.startUs),
            wallMsAt(snippet.endUs), scored.score, scored.attention, stepIndex++ };
        scores.append(step.startUs, step.wallStartMs, step.score, detectorScores);
        tellStep({ step.startUs, step.endUs, step.score,
            step.attention.empty() ? std::vector<float> {} : step.attention.back(),
            LiveStep::Kind::Scored, static_cast<int64_t>(step.attention.size()),
            std::move(detectorScores) });
        lastSeenEndUs = snippet.endUs;
        const bool wasOpen = tracker.isOpen();
        std::optional<Alert> closed = tracker.add(step);
        closeAlert(std::move(closed));
        if (wasOpen || tracker.isOpen())
            tellOpenAlert(); // as it grew, or nullopt: it closed (after onAlert, if it was kept)
        if (!wasOpen && tracker.isOpen())
            alertClip = { snippet.packets, snippet.packetOffsetUs };
        if (snippet.packets != packets.packets) {
            packets = { snippet.packets, snippet.packetOffsetUs };
            if (session.observer_.onPackets)
                session.observer_.onPackets(packets);
        }
        if (tracker.didPeakChange())
            peakFrame = snippet.middleFrame;
        ++outcome.stepsScored;
        outputs.writeDueClips(snippet.endUs, false);
        const int64_t nowUs = clock.nowUs();
        noticeSkips(nowUs);
        if (session.status_)
            session.status_({ snippet.endUs, step.score, (nowUs - snippet.arrivedUs) / 1000,
                outcome.snippetsSkipped, tracker.isOpen() });
    }
};

WatchSession::WatchSession(
    WatchSettings settings, engine::Engine engine, NoticeCallback notice, StatusCallback status)
    : settings_(std::move(settings))
    , lock_(settings_.outputs.outputDir, settings_.outputs.sourceName)
    , engine_(std::move(engine))
    , notice_(std::move(notice))
    , status_(std::move(status))
{
    if (const std::string problem = backboneProblem(engine_.description().backbone);
        !problem.empty())
        throw ModelError(problem);
    if (!engine_.canExtract() || !engine_.canScore())
        throw ModelError("vigil watch needs a backbone and a classifier");
    // Live features are made and described as the engine's are for files.
    settings_.reader.crops = engine_.pipeline().options().crops;
    settings_.reader.preset = engine_.pipeline().options().preset;
    settings_.outputs.networks = analysis::weightsSummary(engine_.description());
}

WatchOutcome WatchSession::run(const CancellationToken& cancel)
{
    // The reader's decoder polls this token; it is set on the caller's cancel and on our errors.
    CancellationToken stop;
    const CancelRelay relay(cancel, stop);
    Run run(*this);
    DropOldestQueue<LiveSnippet> queue(settings_.queueCapacity);
    GapLog gaps;
    LiveReader reader(settings_.reader, run.clock, queue, gaps, stop, notice_);
    reader.setFrameCallback(observer_.onFrame);
    reader.setRetryWaitCallback(observer_.onRetryWait);
    reader.setRetryNow(retryNow_);
    std::thread thread([&reader] { reader.run(); });
    try {
        while (!queue.isClosed()) {
            std::optional<LiveSnippet> snippet = queue.popFor(std::chrono::milliseconds(100));
            if (stop.isCancelled())
                continue;
            if (!snippet) {
                // Nothing comes: a drop noted after the last snippet seen closes its alert now.
                run.takeGaps(run.lastSeenEndUs + 1, gaps);
                continue;
            }
            run.takeGaps(snippet->startUs, gaps);
            run.score(*snippet);
        }
    } catch (...) {
        stop.cancel();
        thread.join();
        throw;
    }
    thread.join();
    run.takeGaps(INT64_MAX, gaps);
    run.closeOpenAlert(AlertEnd::Stop);
    run.outputs.writeDueClips(INT64_MAX, true);
    run.outcome.reconnections = reader.reconnections();
    run.outcome.wasOpened = reader.wasOpened();
    run.outcome.endReason = reader.endReason();
    return run.outcome;
}

} // namespace vigil::live
