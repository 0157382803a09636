#pragma once
// Fisher-Yates shuffles and index draws from std::mt19937_64 with Vigil's own rejection
// sampling, so a seed gives the same order with every standard library (the distributions of
// <random> are implementation-defined). Not thread-safe: one generator per run.

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace vigil::train {

// A uniform integer in [0, bound), bound > 0.
inline uint64_t uniformBelow(std::mt19937_64& random, uint64_t bound)
{
    const uint64_t limit = UINT64_MAX - UINT64_MAX % bound; // values at or past it would bias
    uint64_t value = random();
    while (value >= limit)
        value = random();
    return value % bound;
}

template <typename T> void shuffleInPlace(std::vector<T>& items, std::mt19937_64& random)
{
    for (size_t i = items.size(); i > 1; --i)
        std::swap(items[i - 1], items[uniformBelow(random, i)]);
}

} // namespace vigil::train
