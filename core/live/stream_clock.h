#pragma once
// StreamClock: the clock of a watch's stream times (scores.csv's stream_time_s, the alerts'
// start_s...). Its 0 is the arrival of the first frame of the first connection, so a source that
// took long to open (it is retried) does not shift them. Started once by the reader's thread,
// read by the scoring thread; thread-safe.

#include <atomic>
#include <chrono>
#include <cstdint>

namespace vigil::live {

class StreamClock {
public:
    using Clock = std::chrono::steady_clock;

    // At the first frame; later calls change nothing.
    void start()
    {
        int64_t unset = kUnset;
        const int64_t now = Clock::now().time_since_epoch().count();
        if (startTicks_.compare_exchange_strong(unset, now))
            startWallMs_.store(std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::system_clock::now().time_since_epoch())
                                   .count());
    }
    bool isStarted() const { return startTicks_.load() != kUnset; }
    // Microseconds since start(); 0 before it.
    int64_t nowUs() const
    {
        const int64_t start = startTicks_.load();
        if (start == kUnset)
            return 0;
        const Clock::duration since(Clock::now().time_since_epoch().count() - start);
        return std::chrono::duration_cast<std::chrono::microseconds>(since).count();
    }
    // The wall clock (ms since the epoch) of a stream time.
    int64_t wallMsAt(int64_t us) const { return startWallMs_.load() + us / 1000; }

private:
    static constexpr int64_t kUnset = INT64_MIN;
    std::atomic<int64_t> startTicks_ { kUnset };
    std::atomic<int64_t> startWallMs_ { 0 };
};

} // namespace vigil::live
