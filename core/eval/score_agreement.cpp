#include "core/eval/score_agreement.h"

#include "core/analysis/window_scoring.h"
#include "core/analysis/windows.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vigil::eval {
namespace {

// Steps [first, first + count) of a [steps, crops, F] array.
FloatArray stepRange(const FloatArray& features, int64_t first, int64_t count)
{
    const int64_t stepValues = features.dim(1) * features.dim(2);
    FloatArray range;
    range.shape = { count, features.dim(1), features.dim(2) };
    const auto begin = features.values.begin() + first * stepValues;
    range.values.assign(begin, begin + count * stepValues);
    return range;
}

struct ScoredSteps {
    std::vector<float> windowScores;
    std::vector<float> frameScores;
};

ScoredSteps scoreSteps(
    const FloatArray& steps, const analysis::WindowScorer& scorer, const ScoreWindows& windows)
{
    ScoredSteps scored;
    std::vector<analysis::WindowSpan> spans;
    for (const analysis::WindowResult& window :
        analysis::scoreWindows(steps, scorer, windows.windows)) {
        spans.push_back({ window.firstStep, window.lastStep });
        scored.windowScores.push_back(window.score);
    }
    const int64_t count = steps.dim(0);
    scored.frameScores
        = analysis::frameScores(analysis::stepScores(spans, scored.windowScores, count),
            windows.framesPerStep, count * windows.framesPerStep);
    return scored;
}

} // namespace

double pearson(const std::vector<float>& x, const std::vector<float>& y)
{
    const size_t n = std::min(x.size(), y.size());
    if (n < 2)
        return std::numeric_limits<double>::quiet_NaN();
    double meanX = 0.0, meanY = 0.0;
    for (size_t i = 0; i < n; ++i) {
        meanX += x[i];
        meanY += y[i];
    }
    meanX /= static_cast<double>(n);
    meanY /= static_cast<double>(n);
    double xy = 0.0, xx = 0.0, yy = 0.0;
    for (size_t i = 0; i < n; ++i) {
        const double dx = x[i] - meanX, dy = y[i] - meanY;
        xy += dx * dy;
        xx += dx * dx;
        yy += dy * dy;
    }
    if (xx == 0.0 || yy == 0.0)
        return std::numeric_limits<double>::quiet_NaN();
    return xy / std::sqrt(xx * yy);
}

ScoreAgreement compareScores(const FloatArray& a, const FloatArray& b,
    const StepAlignment& alignment, const analysis::WindowScorer& scorer,
    const ScoreWindows& windows)
{
    ScoreAgreement agreement;
    if (alignment.overlap == 0) {
        agreement.windowPearson = agreement.framePearson = pearson({}, {});
        return agreement;
    }
    const ScoredSteps scoredA
        = scoreSteps(stepRange(a, alignment.firstStepA, alignment.overlap), scorer, windows);
    const ScoredSteps scoredB
        = scoreSteps(stepRange(b, alignment.firstStepB, alignment.overlap), scorer, windows);
    agreement.windowScoresA = scoredA.windowScores;
    agreement.windowScoresB = scoredB.windowScores;
    agreement.frames = static_cast<int64_t>(scoredA.frameScores.size());
    agreement.windowPearson = pearson(scoredA.windowScores, scoredB.windowScores);
    agreement.framePearson = pearson(scoredA.frameScores, scoredB.frameScores);
    return agreement;
}

} // namespace vigil::eval
