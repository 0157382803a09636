#pragma once
// Where each network of a result got its weights, in one line for every place that shows a
// result (status bar, batch table, summary.csv, exports): "classifier: published
// classifier-da64-r3 · backbone: DEMO". Pure; any thread.

#include "core/analysis/analysis_result.h"

#include <string>

namespace vigil::analysis {

std::string weightsSource(const WeightsInfo& weights); // "DEMO", "published NAME", "file NAME"
std::string weightsSummary(const ModelDescription& model);
// How the frames became network inputs, as `vigil analyze` and `vigil features` print it:
// "preprocessing: rtfm (i3d-r50, ten crops)"; resnet50 has torchvision's ImageNet transform.
std::string preprocessSummary(const ModelDescription& model);

} // namespace vigil::analysis
