#pragma once
// A flag the owner of a run sets from any thread; the run polls it between units of work.
// Thread-safe: cancel() and isCancelled() may be called concurrently from any thread.

#include "core/common/error.h"

#include <atomic>

namespace vigil {

class CancellationToken {
public:
    void cancel() noexcept { cancelled_.store(true, std::memory_order_relaxed); }
    bool isCancelled() const noexcept { return cancelled_.load(std::memory_order_relaxed); }
    void throwIfCancelled() const
    {
        if (isCancelled())
            throw Cancelled();
    }

private:
    std::atomic<bool> cancelled_ { false };
};

namespace detail {
inline thread_local const CancellationToken* tCurrentCancellation = nullptr;
} // namespace detail

// Makes `token` the current run's token on this thread while the scope lives, for code deep
// inside a stage that cannot take a token as a parameter: a network's forward pass checks it
// between its blocks, so a cancel takes effect within one block instead of one whole pass.
class CancellationScope {
public:
    explicit CancellationScope(const CancellationToken& token) noexcept
        : previous_(detail::tCurrentCancellation)
    {
        detail::tCurrentCancellation = &token;
    }
    ~CancellationScope() { detail::tCurrentCancellation = previous_; }
    CancellationScope(const CancellationScope&) = delete;
    CancellationScope& operator=(const CancellationScope&) = delete;

private:
    const CancellationToken* previous_;
};

// Throws Cancelled when this thread runs inside a CancellationScope whose token is cancelled.
inline void throwIfCurrentRunCancelled()
{
    if (detail::tCurrentCancellation != nullptr)
        detail::tCurrentCancellation->throwIfCancelled();
}

} // namespace vigil
