#pragma once
// The features one window gives the classifier, cut from a run's features [steps, crops, F]:
// every crop for scoring ([C, window steps, F], what WindowScorer::score takes), or one crop for
// the walkthrough ([window steps, F], what WindowExplainer::explain takes). The one place that
// cuts windows, for scoring, `vigil explain` and the Explain panel. Pure; any thread.

#include "core/analysis/windows.h"
#include "core/common/float_array.h"

#include <cstdint>

namespace vigil::analysis {

// Throw std::out_of_range when the window or crop is not in features (a result that does not
// belong to these features).
FloatArray windowOfAllCrops(const FloatArray& features, const WindowSpan& span);
FloatArray windowOfCrop(const FloatArray& features, const WindowSpan& span, int64_t crop);

} // namespace vigil::analysis
