#pragma once
// What each family's extraction of a video cost, in words, for the CLI's summary and the
// desktop app's curves: a run with detectors of two families pays for two backbones, and the
// user choosing "which model should I believe?" also chooses what it costs. Any thread.

#include "core/analysis/analysis_result.h"

#include <string>
#include <vector>

namespace vigil::analysis {

// "Inception-I3D features: 5.2 s, 1.67 TFLOP"; without the time where seconds is 0 (reopened).
std::string extractionCostText(const FamilyExtraction& extraction);

// "extracted I3D-ResNet-50 features: 3.1 s, 0.99 TFLOP; Inception-I3D features: 5.2 s, ..."
std::string extractionCostsText(const std::vector<FamilyExtraction>& extractions);

// The extraction whose features `kind` reads, or nullptr (none recorded).
const FamilyExtraction* extractionReadBy(
    const std::vector<FamilyExtraction>& extractions, DetectorKind kind);

} // namespace vigil::analysis
