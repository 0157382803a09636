#pragma once
// The pieces of a run that scores detectors of several families of features (engine.h,
// OtherFamily): which detectors read which extraction, a pass's progress, and the record of
// what each extraction cost. Plain functions; any thread.

#include "core/analysis/analysis_result.h"
#include "core/analysis/detector_scoring.h"
#include "core/analysis/feature_pipeline.h"
#include "core/engine/engine.h"

#include <string>
#include <vector>

namespace vigil::engine {

// The detectors no other family serves: those of the backbone's own features.
std::vector<analysis::SelectedDetector> detectorsOfOwnFeatures(
    const std::vector<analysis::SelectedDetector>& detectors,
    const std::vector<OtherFamily>& others);

// The detectors that read the features of `backbone`.
std::vector<analysis::SelectedDetector> detectorsOfFamily(
    const std::vector<analysis::SelectedDetector>& detectors, BackboneKind backbone);

// onProgress with every report marked as pass `pass` of `passes`; empty stays empty.
analysis::ExtractionProgressCallback asPass(
    const analysis::ExtractionProgressCallback& onProgress, int pass, int passes);

// What one extraction was and cost.
analysis::FamilyExtraction extractionRecord(const analysis::ExtractedFeatures& extracted,
    const analysis::ExtractionOptions& options, const analysis::WeightsInfo& weights);

// The scores of `detectors` on an other family's features, frame for frame beside the
// classifier's, in the one order of detectors (analysis::isBeforeDetector).
void addFamilyScores(analysis::AnalysisResult& result, const analysis::ExtractedFeatures& extracted,
    const std::vector<analysis::SelectedDetector>& detectors);

// "urdmu (i3d-inception, centre crop) for urdmu, pel4vad": how a family's features are made and
// which detectors read them, beside the run's own preprocessing line.
std::string familyPreprocessText(
    const OtherFamily& family, const std::vector<analysis::SelectedDetector>& detectors);

} // namespace vigil::engine
