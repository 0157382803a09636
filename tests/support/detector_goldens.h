#pragma once
// A whole-video detector's scores, magnitudes and attention against the goldens a
// scripts/make_*_golden.py generator wrote: runs of {crops, steps, score, magnitude, attention}
// on the integer formula of tests/support/formula_input.h.

#include "core/analysis/video_detector.h"
#include "tests/support/formula_input.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace vigil::test {

// Largest difference relative to max(1, |expected|): magnitudes are norms in the tens.
inline float worstError(const std::vector<float>& actual, const std::vector<float>& expected)
{
    EXPECT_EQ(actual.size(), expected.size());
    float worst = 0.0f;
    for (size_t i = 0; i < std::min(actual.size(), expected.size()); ++i)
        worst = std::max(
            worst, std::abs(actual[i] - expected[i]) / std::max(1.0f, std::abs(expected[i])));
    return worst;
}

inline void expectMatchesGoldens(
    const analysis::VideoDetector& detector, const nlohmann::json& goldens, float tolerance)
{
    const int64_t size = goldens["widths"]["features"];
    for (const auto& run : goldens["runs"]) {
        const int64_t crops = run["crops"];
        const int64_t steps = run["steps"];
        SCOPED_TRACE(std::to_string(crops) + " crops, " + std::to_string(steps) + " steps");
        const analysis::VideoScores result = detector.score(formulaInput(crops, steps, size));
        EXPECT_LE(worstError(result.scores, run["score"]), tolerance);
        EXPECT_LE(worstError(result.magnitudes, run["magnitude"]), tolerance);
        ASSERT_EQ(result.attention.shape, (std::vector<int64_t> { steps, steps }));
        EXPECT_LE(worstError(result.attention.values, run["attention"]), tolerance);
    }
}

// One run of a goldens file against the detector: `scoreKey` names the scores it must give
// ("score", or "smoothed_ucf" for a detector that smooths as its test code does). A run with
// "attention_row0" (a long one) is compared on the attention's first row only.
inline void expectRunMatches(const analysis::VideoDetector& detector, const nlohmann::json& run,
    int64_t size, const std::string& scoreKey, float tolerance)
{
    const int64_t crops = run["crops"];
    const int64_t steps = run["steps"];
    SCOPED_TRACE(std::to_string(crops) + " crops, " + std::to_string(steps) + " steps");
    const analysis::VideoScores result = detector.score(formulaInput(crops, steps, size));
    EXPECT_LE(worstError(result.scores, run[scoreKey]), tolerance);
    EXPECT_LE(worstError(result.magnitudes, run["magnitude"]), tolerance);
    ASSERT_EQ(result.attention.shape, (std::vector<int64_t> { steps, steps }));
    std::vector<float> attention = result.attention.values;
    const bool isWhole = run.contains("attention");
    if (!isWhole)
        attention.resize(static_cast<size_t>(steps));
    EXPECT_LE(worstError(attention, isWhole ? run["attention"] : run["attention_row0"]), tolerance);
}

} // namespace vigil::test
