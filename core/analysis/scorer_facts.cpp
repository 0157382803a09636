#include "core/analysis/scorer_facts.h"

#include "core/analysis/detector_table.h"

#include <cstdio>

namespace vigil::analysis {

const ScorerFacts& classifierFacts()
{
    static const ScorerFacts facts { 84.74, std::nullopt,
        "the paper's structured self-attention classifier",
        "the mean over crops of the window's sigmoid: how anomalous the 32 snippets of the "
        "window are together (84.74 % is the da64-r3 checkpoint's, 84.91 % the da128-r7's)" };
    return facts;
}

const ScorerFacts& detectorFacts(DetectorKind kind)
{
    return detectorRow(kind).facts;
}

std::string publishedFigures(const ScorerFacts& facts)
{
    char text[96];
    if (facts.publishedXdViolenceAp)
        std::snprintf(text, sizeof text,
            "%.2f %% frame AUC on UCF-Crime, %.2f %% AP on XD-Violence", facts.publishedUcfCrimeAuc,
            *facts.publishedXdViolenceAp);
    else
        std::snprintf(
            text, sizeof text, "%.2f %% frame AUC on UCF-Crime", facts.publishedUcfCrimeAuc);
    return text;
}

} // namespace vigil::analysis
