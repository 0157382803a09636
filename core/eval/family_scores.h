#pragma once
// The detectors' frame scores of one video under `vigil eval`, the detectors of both families of
// features in one table (issue 39): those that read the classifier's features score them, those
// of another family (UR-DMU's and PEL4VAD's Inception-I3D) score the file of the same name in
// EvalSettings::otherFeaturesDir. Plain functions; the caller's thread.

#include "core/analysis/detector_scoring.h"
#include "core/common/float_array.h"

#include <string>
#include <vector>

namespace vigil::eval {

struct EvalSettings;

// The detectors that read the classifier's features, and those that do not.
std::vector<analysis::SelectedDetector> ownFamilyDetectors(
    const std::vector<analysis::SelectedDetector>& detectors);
std::vector<analysis::SelectedDetector> otherFamilyDetectors(
    const std::vector<analysis::SelectedDetector>& detectors);

// Said before any file is read: detectors of another family with no folder of their features.
std::string otherFeaturesProblem(
    const std::vector<analysis::SelectedDetector>& detectors, const EvalSettings& settings);

// Where the other family's features of `featuresPath` are; empty without a folder.
std::string otherFeaturesPathFor(const std::string& featuresPath, const EvalSettings& settings);

// Each detector's `frames` frame scores, in `detectors` order. Throws vigil::IoError or
// vigil::ModelError naming the file whose features are missing or do not fit.
std::vector<std::vector<float>> familyFrameScores(const std::string& featuresPath,
    const FloatArray& features, const std::vector<analysis::SelectedDetector>& detectors,
    const EvalSettings& settings, size_t frames);

} // namespace vigil::eval
