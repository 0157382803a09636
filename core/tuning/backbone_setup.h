#pragma once
// How a backbone runs on the CPU: the memory layout of its tensors, how many snippet-crops go
// through one forward pass, and how many intra-op threads it uses. Plain values; the networks
// themselves (models/) turn a setup into a loaded network.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace vigil::tuning {

enum class Layout {
    Contiguous, // PyTorch's default NCDHW / NCHW
    ChannelsLast, // ChannelsLast3d / ChannelsLast
    Blocked, // oneDNN's blocked layout end to end
};

std::string toString(Layout layout); // "contiguous", "channels-last", "blocked"
std::optional<Layout> layoutFromString(std::string_view word);

struct BackboneSetup {
    Layout layout = Layout::Blocked;
    int64_t snippetsPerPass = 1; // network inputs (snippet-crops) per forward pass
    int threads = 1;

    bool operator==(const BackboneSetup& other) const
    {
        return layout == other.layout && snippetsPerPass == other.snippetsPerPass
            && threads == other.threads;
    }
};

// "blocked, 1 snippet(s) per pass, 2 thread(s)"
std::string describe(const BackboneSetup& setup);

} // namespace vigil::tuning
