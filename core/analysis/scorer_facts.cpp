#include "core/analysis/scorer_facts.h"

#include "core/analysis/detector_table.h"

namespace vigil::analysis {

const ScorerFacts& classifierFacts()
{
    static const ScorerFacts facts { 84.74, "the paper's structured self-attention classifier",
        "the mean over crops of the window's sigmoid: how anomalous the 32 snippets of the "
        "window are together (84.74 % is the da64-r3 checkpoint's, 84.91 % the da128-r7's)" };
    return facts;
}

const ScorerFacts& detectorFacts(DetectorKind kind)
{
    return detectorRow(kind).facts;
}

} // namespace vigil::analysis
