#pragma once
// What each scorer's number means and what its authors published for it, for the front ends to
// show beside its curve (the desktop app's legend and threshold tooltips): the one place these
// facts live. The AUCs are the frame-level ROC AUCs on UCF-Crime's test set that each paper
// reports (and XD-Violence's frame AP where it reports one) with the features its row names; they
// are the authors' figures with their own weights, not Vigil's measurements. The detectors' facts
// are their rows' (core/analysis/detector_table.h). Pure data; any thread.

#include "core/common/settings.h"

#include <optional>
#include <string>

namespace vigil::analysis {

struct ScorerFacts {
    double publishedUcfCrimeAuc = 0.0; // percent
    // Percent; nullopt where the paper reports none (the classifier's paper does not).
    std::optional<double> publishedXdViolenceAp;
    std::string paper; // "Tian et al., ICCV 2021"
    std::string meaning; // what a high score says
};

const ScorerFacts& classifierFacts();
const ScorerFacts& detectorFacts(DetectorKind kind);
// "84.30 % frame AUC on UCF-Crime, 77.81 % AP on XD-Violence": the figures the paper reports.
std::string publishedFigures(const ScorerFacts& facts);

} // namespace vigil::analysis
