#pragma once
// What each scorer's number means and what its authors published for it, for the front ends to
// show beside its curve (the desktop app's legend and threshold tooltips): the one place these
// facts live. The AUCs are the frame-level ROC AUCs on UCF-Crime's test set that each paper
// reports with RTFM's ten-crop I3D-ResNet-50 features (the features Vigil extracts); they are
// the authors' figures with their own weights, not Vigil's measurements. Pure data; any thread.

#include "core/common/settings.h"

#include <string>

namespace vigil::analysis {

struct ScorerFacts {
    double publishedUcfCrimeAuc = 0.0; // percent
    std::string paper; // "Tian et al., ICCV 2021"
    std::string meaning; // what a high score says
};

const ScorerFacts& classifierFacts();
const ScorerFacts& detectorFacts(DetectorKind kind);

} // namespace vigil::analysis
