#include "core/live/camera_feed.h"

#include "core/common/error.h"

#include <chrono>
#include <climits>

namespace vigil::live {

CameraFeed::CameraFeed(const CameraSpec& spec, const engine::Engine& engine, bool isOneOfSeveral)
    : spec_(spec)
    , isOneOfSeveral_(isOneOfSeveral)
    , stepper_(engine, spec.settings,
          { [this] { return clock_.nowUs(); }, [this](int64_t us) { return clock_.wallMsAt(us); } },
          { spec.notice, spec.status, spec.observer })
    , queue_(spec.settings.queueCapacity)
    , reader_(spec.settings.reader, clock_, queue_, gaps_, stop_, spec.notice)
{
    reader_.setFrameCallback(spec.observer.onFrame);
    reader_.setFrameCounter(&decodedFrames_);
    stepper_.setFrameCounter(&decodedFrames_);
    reader_.setRetryWaitCallback(spec.observer.onRetryWait);
    reader_.setRetryNow(spec.retryNow);
    thread_ = std::thread([this] { reader_.run(); });
}

CameraFeed::~CameraFeed()
{
    stop_.cancel();
    if (thread_.joinable())
        thread_.join();
}

template <typename Step> void CameraFeed::guarded(Step&& step)
{
    if (!failure_.empty())
        return;
    try {
        step();
    } catch (const IoError& error) {
        failure_ = error.what();
        if (isOneOfSeveral_ && spec_.notice)
            spec_.notice(failure_ + "; this camera stops, the others go on");
        stop_.cancel();
    }
}

std::optional<LiveSnippet> CameraFeed::take(int waitMs)
{
    std::optional<LiveSnippet> snippet = queue_.popFor(std::chrono::milliseconds(waitMs));
    if (stop_.isCancelled())
        return std::nullopt; // stopping: the reader closes the queue, finish() takes the rest
    guarded([&] {
        // Without a snippet, a drop noted after the last one seen closes its alert now.
        const int64_t before = snippet ? snippet->startUs : stepper_.lastSeenEndUs() + 1;
        stepper_.takeGaps(gaps_.takeBefore(before));
    });
    if (!failure_.empty())
        return std::nullopt;
    return snippet;
}

void CameraFeed::score(const LiveSnippet& snippet, const FloatArray& feature)
{
    guarded([&] { stepper_.scoreFeature(snippet, feature); });
}

WatchOutcome CameraFeed::finish()
{
    stop_.cancel();
    if (thread_.joinable())
        thread_.join();
    guarded([&] {
        stepper_.takeGaps(gaps_.takeBefore(INT64_MAX));
        stepper_.finish();
    });
    WatchOutcome outcome = stepper_.outcome();
    outcome.reconnections = reader_.reconnections();
    outcome.wasOpened = reader_.wasOpened();
    outcome.endReason = reader_.endReason();
    outcome.failure = failure_;
    return outcome;
}

} // namespace vigil::live
