#pragma once
// ReconnectBackoff: how long to wait before the next attempt to reach a dropped stream. Doubles
// from 0.5 s up to maxDelayMs, and starts again from 0.5 s once a connection delivered frames.
// Pure; one thread.

#include <algorithm>
#include <cstdint>

namespace vigil::live {

class ReconnectBackoff {
public:
    static constexpr int64_t kFirstDelayMs = 500;

    explicit ReconnectBackoff(int64_t maxDelayMs)
        : maxDelayMs_(std::max<int64_t>(maxDelayMs, kFirstDelayMs))
    {
    }

    // The delay before the next attempt; each call doubles the one after.
    int64_t nextDelayMs()
    {
        const int64_t delay = nextMs_;
        nextMs_ = std::min(nextMs_ * 2, maxDelayMs_);
        return delay;
    }
    void succeeded() { nextMs_ = kFirstDelayMs; }

private:
    int64_t maxDelayMs_;
    int64_t nextMs_ = kFirstDelayMs;
};

} // namespace vigil::live
