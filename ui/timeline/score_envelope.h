#pragma once
// ScoreEnvelope: min/max of the frame scores over any frame range in near-constant time, from a
// pyramid of blocks of 4^k frames. The timeline asks it once per pixel column, so painting costs
// O(width) whatever the video's length. Immutable after construction; any thread.

#include <cstdint>
#include <vector>

namespace vigil::ui {

class ScoreEnvelope {
public:
    struct Range {
        float min = 0.0f;
        float max = 0.0f;
    };

    ScoreEnvelope() = default;
    explicit ScoreEnvelope(const std::vector<float>& scores);

    int64_t frameCount() const { return levels_.empty() ? 0 : levels_[0].size(); }
    // Frames [first, last], clamped to the scores. Blocks at the range's edges may extend it by
    // less than a quarter of its length: invisible at one pixel column per range.
    Range range(int64_t first, int64_t last) const;

private:
    struct Level {
        std::vector<float> min;
        std::vector<float> max;
        int64_t size() const { return static_cast<int64_t>(min.size()); }
    };
    std::vector<Level> levels_; // levels_[k] has blocks of 4^k frames
};

} // namespace vigil::ui
