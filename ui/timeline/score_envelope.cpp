#include "ui/timeline/score_envelope.h"

#include <algorithm>

namespace vigil::ui {

ScoreEnvelope::ScoreEnvelope(const std::vector<float>& scores)
{
    if (scores.empty())
        return;
    levels_.push_back({ scores, scores });
    while (levels_.back().size() > 4) {
        const Level& finer = levels_.back();
        Level coarser;
        for (int64_t i = 0; i < finer.size(); i += 4) {
            const int64_t end = std::min(i + 4, finer.size());
            coarser.min.push_back(
                *std::min_element(finer.min.begin() + i, finer.min.begin() + end));
            coarser.max.push_back(
                *std::max_element(finer.max.begin() + i, finer.max.begin() + end));
        }
        levels_.push_back(std::move(coarser));
    }
}

ScoreEnvelope::Range ScoreEnvelope::range(int64_t first, int64_t last) const
{
    first = std::max<int64_t>(first, 0);
    last = std::min(last, frameCount() - 1);
    if (levels_.empty() || last < first)
        return {};
    // The coarsest level whose blocks are at most a quarter of the range: a handful of blocks.
    size_t level = 0;
    int64_t blockFrames = 1;
    while (level + 1 < levels_.size() && blockFrames * 16 <= last - first + 1) {
        ++level;
        blockFrames *= 4;
    }
    const Level& blocks = levels_[level];
    Range result { blocks.min[first / blockFrames], blocks.max[first / blockFrames] };
    for (int64_t b = first / blockFrames + 1; b <= last / blockFrames; ++b) {
        result.min = std::min(result.min, blocks.min[b]);
        result.max = std::max(result.max, blocks.max[b]);
    }
    return result;
}

} // namespace vigil::ui
