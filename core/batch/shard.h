#pragma once
// A deterministic share of a batch, so N machines (a Slurm array job, a Kubernetes indexed job)
// can split one folder without talking to each other. Shard K of N takes the files whose
// relative path hashes to K - 1 modulo N: a file's shard depends on its own path only, so it
// stays put when other files come or go. Pure functions; any thread.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace vigil::batch {

struct Shard {
    int index = 1; // K, 1-based
    int count = 1; // N

    bool isWhole() const { return count == 1; }
    std::string label() const; // "2-of-4"
};

// "K/N" with 1 <= K <= N; nullopt for anything else.
std::optional<Shard> parseShard(std::string_view text);

// 64-bit FNV-1a of the bytes: the same on every machine, compiler and run.
uint64_t stableHash(std::string_view text);

// relativePath uses '/' between folders, as BatchInput::relativePath does.
bool isInShard(std::string_view relativePath, const Shard& shard);

} // namespace vigil::batch
