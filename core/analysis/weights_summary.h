#pragma once
// Where each network of a result got its weights, in one line for every place that shows a
// result (status bar, batch table, summary.csv, exports): "classifier: published
// classifier-da64-r3 · backbone: DEMO". Pure; any thread.

#include "core/analysis/analysis_result.h"

#include <string>

namespace vigil::analysis {

// What the demo's results say about their networks (core/demo), wherever they are shown: no
// real data or weights are behind them.
inline constexpr const char* kTrainedDemoLabel
    = "DEMO: classifier trained on synthetic events on this machine; backbone random";

// "DEMO", "published NAME", "file NAME", "DEMO-TRAINED NAME"
std::string weightsSource(const WeightsInfo& weights);
// The demo's networks: kTrainedDemoLabel and the classifier's SHA-256 prefix; else the source
// of each network, as above.
std::string weightsSummary(const ModelDescription& model);
// weightsSummary, then each detector's source ("· rtfm: DEMO"): what a picture of every curve
// must say about the weights behind them.
std::string resultWeightsSummary(const AnalysisResult& result);
bool isTrainedDemo(const ModelDescription& model);
// How the frames became network inputs, as `vigil analyze` and `vigil features` print it:
// "preprocessing: rtfm (i3d-r50, ten crops)"; resnet50 has torchvision's ImageNet transform.
std::string preprocessSummary(const ModelDescription& model);

} // namespace vigil::analysis
