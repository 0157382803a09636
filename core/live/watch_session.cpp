#include "core/live/watch_session.h"

#include "core/common/error.h"

namespace vigil::live {

WatchSession::WatchSession(
    WatchSettings settings, engine::Engine engine, NoticeCallback notice, StatusCallback status)
    : watch_({ CameraSpec { std::move(settings), std::move(notice), std::move(status), {}, {} } },
        std::move(engine))
{
}

WatchOutcome WatchSession::run(const CancellationToken& cancel)
{
    WatchOutcome outcome = watch_.run(cancel).front();
    // A one-camera watch has no others to go on for: a folder it cannot write ends it in error.
    if (!outcome.failure.empty())
        throw IoError(outcome.failure);
    return outcome;
}

} // namespace vigil::live
