#include "core/analysis/scorer_facts.h"

#include <array>

namespace vigil::analysis {
namespace {

const std::array<std::pair<DetectorKind, ScorerFacts>, 3> kDetectors { {
    { DetectorKind::Rtfm,
        { 84.30, "Tian et al., RTFM, ICCV 2021",
            "the sigmoid of a snippet classifier trained so that abnormal snippets have larger "
            "feature magnitudes (top-k magnitude learning): high where a snippet's features "
            "stand out from the video's" } },
    { DetectorKind::S3r,
        { 85.99, "Wu et al., S3R, ECCV 2022",
            "RTFM's scoring of features from which a dictionary of normal patterns was "
            "subtracted (self-supervised sparse representation): high where little of a "
            "snippet is explained by normal patterns" } },
    { DetectorKind::Mgfn,
        { 86.98, "Chen et al., MGFN, AAAI 2023",
            "the sigmoid of a snippet classifier over features contrasted across the video "
            "(glance and focus, magnitude contrast): high where a snippet's feature magnitude "
            "stands out" } },
} };

} // namespace

const ScorerFacts& classifierFacts()
{
    static const ScorerFacts facts { 84.74, "the paper's structured self-attention classifier",
        "the mean over crops of the window's sigmoid: how anomalous the 32 snippets of the "
        "window are together (84.74 % is the da64-r3 checkpoint's, 84.91 % the da128-r7's)" };
    return facts;
}

const ScorerFacts& detectorFacts(DetectorKind kind)
{
    for (const auto& [detector, facts] : kDetectors)
        if (detector == kind)
            return facts;
    return kDetectors.front().second;
}

} // namespace vigil::analysis
