#include "core/live/watch_session.h"

#include "core/analysis/weights_summary.h"
#include "core/common/error.h"
#include "core/live/live_stepper.h"
#include "core/live/watch_plan.h"
#include "core/live/watch_summary.h"

#include <atomic>
#include <chrono>
#include <climits>
#include <thread>

namespace vigil::live {
namespace {

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

} // namespace

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
    StreamClock clock;
    LiveStepper stepper(engine_, settings_,
        { [&clock] { return clock.nowUs(); }, [&clock](int64_t us) { return clock.wallMsAt(us); } },
        { notice_, status_, observer_ });
    DropOldestQueue<LiveSnippet> queue(settings_.queueCapacity);
    GapLog gaps;
    LiveReader reader(settings_.reader, clock, queue, gaps, stop, notice_);
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
                stepper.takeGaps(gaps.takeBefore(stepper.lastSeenEndUs() + 1));
                continue;
            }
            stepper.takeGaps(gaps.takeBefore(snippet->startUs));
            stepper.score(*snippet);
        }
    } catch (...) {
        stop.cancel();
        thread.join();
        throw;
    }
    thread.join();
    stepper.takeGaps(gaps.takeBefore(INT64_MAX));
    stepper.finish();
    WatchOutcome outcome = stepper.outcome();
    outcome.reconnections = reader.reconnections();
    outcome.wasOpened = reader.wasOpened();
    outcome.endReason = reader.endReason();
    return outcome;
}

} // namespace vigil::live
