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
    std::atomic<bool> cancelled_{false};
};

} // namespace vigil
