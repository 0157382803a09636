#include "core/analysis/extraction_costs.h"

#include "core/analysis/detector_table.h"
#include "core/common/backbone_table.h"

#include <cstdio>

namespace vigil::analysis {

std::string extractionCostText(const FamilyExtraction& extraction)
{
    const std::string name(backboneRow(extraction.backbone).name);
    char cost[96];
    if (extraction.seconds > 0.0)
        std::snprintf(cost, sizeof cost, ": %.1f s, %.2f TFLOP", extraction.seconds,
            extraction.gflop / 1000.0);
    else // a reopened result: the time was said when it ran
        std::snprintf(cost, sizeof cost, ": %.2f TFLOP", extraction.gflop / 1000.0);
    return name + " features" + cost;
}

std::string extractionCostsText(const std::vector<FamilyExtraction>& extractions)
{
    std::string text = "extracted ";
    for (size_t i = 0; i < extractions.size(); ++i)
        text += (i == 0 ? "" : "; ") + extractionCostText(extractions[i]);
    return text;
}

const FamilyExtraction* extractionReadBy(
    const std::vector<FamilyExtraction>& extractions, DetectorKind kind)
{
    const std::string_view features = detectorRow(kind).features;
    for (const FamilyExtraction& extraction : extractions)
        if (backboneRow(extraction.backbone).features == features)
            return &extraction;
    return nullptr;
}

} // namespace vigil::analysis
