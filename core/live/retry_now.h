#pragma once
// RetryNow: a front end's "Retry now" while the reader waits between attempts to reach the
// stream (at the start or after a drop): the wait ends at once and the next attempt starts, the
// backoff after it unchanged. Shared by the GUI, which requests, and the reader, which takes.
// Thread-safe.

#include <atomic>

namespace vigil::live {

class RetryNow {
public:
    void request() noexcept { isRequested_.store(true); }
    // Whether a retry was requested since the last take().
    bool take() noexcept { return isRequested_.exchange(false); }

private:
    std::atomic<bool> isRequested_ { false };
};

} // namespace vigil::live
