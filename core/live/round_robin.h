#pragma once
// The fairness rule of one network worker serving several cameras: each pass takes at most one
// waiting item per source, starting one source further on each pass, so a source that always
// has work cannot starve the others. A template over the source (isDone(), take(waitMs)) so the
// rule is tested with plain queues and no streams; MultiWatch uses it with its CameraFeeds. Time
// passes only in the sources' take(waitMs), so the waits are tested in virtual time too.

#include <algorithm>
#include <cstddef>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace vigil::live {

// How finely the fill wait is cut: the first source still missing is waited on for this long,
// then every missing one is looked at again.
inline constexpr int kFillSliceMs = 5;

// While the pass holds an item but not one of every open source, waits up to fillWaitMs in all
// (in slices, as the sources' take(waitMs) spend it) for the missing ones: cameras whose items
// come within that time of each other share a batch (nvstreammux's batched-push timeout).
template <typename Source, typename Item>
void fillRoundRobin(const std::vector<std::unique_ptr<Source>>& sources,
    std::vector<size_t>& missing, std::vector<std::pair<size_t, Item>>& batch, int fillWaitMs)
{
    for (int waited = 0; waited < fillWaitMs && !missing.empty();) {
        const int slice = std::min(kFillSliceMs, fillWaitMs - waited);
        waited += slice;
        for (auto at = missing.begin(); at != missing.end();) {
            std::optional<Item> item = sources[*at]->take(at == missing.begin() ? slice : 0);
            if (item) {
                batch.emplace_back(*at, std::move(*item));
                at = missing.erase(at);
            } else {
                ++at;
            }
        }
    }
}

// Appends to `batch` (source index, item) for each source, from `first` on, that has an item
// waiting. When none has, waits up to idleWaitMs on the first open source. With an item but not
// one of every open source, waits up to fillWaitMs more for the others (fillRoundRobin). Returns
// the number of sources still open (0: every one is done).
template <typename Source, typename Item>
size_t takeRoundRobin(const std::vector<std::unique_ptr<Source>>& sources, size_t first,
    std::vector<std::pair<size_t, Item>>& batch, int idleWaitMs, int fillWaitMs = 0)
{
    std::vector<size_t> missing; // open, and nothing taken this pass
    for (size_t k = 0; k < sources.size(); ++k) {
        const size_t index = (first + k) % sources.size();
        if (sources[index]->isDone())
            continue;
        if (std::optional<Item> item = sources[index]->take(0))
            batch.emplace_back(index, std::move(*item));
        else
            missing.push_back(index);
    }
    const size_t open = batch.size() + missing.size();
    if (batch.empty() && !missing.empty()) {
        // The others are looked at again within idleWaitMs, on the next pass.
        if (std::optional<Item> item = sources[missing.front()]->take(idleWaitMs)) {
            batch.emplace_back(missing.front(), std::move(*item));
            missing.erase(missing.begin());
        }
    }
    if (!batch.empty())
        fillRoundRobin(sources, missing, batch, fillWaitMs);
    return open;
}

} // namespace vigil::live
