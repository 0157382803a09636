#pragma once
// The fairness rule of one network worker serving several cameras: each pass takes at most one
// waiting item per source, starting one source further on each pass, so a source that always
// has work cannot starve the others. A template over the source (isDone(), take(waitMs)) so the
// rule is tested with plain queues and no streams; MultiWatch uses it with its CameraFeeds.

#include <cstddef>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace vigil::live {

// Appends to `batch` (source index, item) for each source, from `first` on, that has an item
// waiting. When none has, waits up to idleWaitMs on the first open source. Returns the number of
// sources still open (0: every one is done).
template <typename Source, typename Item>
size_t takeRoundRobin(const std::vector<std::unique_ptr<Source>>& sources, size_t first,
    std::vector<std::pair<size_t, Item>>& batch, int idleWaitMs)
{
    size_t open = 0;
    std::optional<size_t> firstOpen;
    for (size_t k = 0; k < sources.size(); ++k) {
        const size_t index = (first + k) % sources.size();
        if (sources[index]->isDone())
            continue;
        ++open;
        if (!firstOpen)
            firstOpen = index;
        if (std::optional<Item> item = sources[index]->take(0))
            batch.emplace_back(index, std::move(*item));
    }
    if (batch.empty() && firstOpen) {
        // The others are looked at again within idleWaitMs, on the next pass.
        if (std::optional<Item> item = sources[*firstOpen]->take(idleWaitMs))
            batch.emplace_back(*firstOpen, std::move(*item));
    }
    return open;
}

} // namespace vigil::live
