#include "core/analysis/detector_table.h"

#include "core/common/error.h"

namespace vigil::analysis {

const std::vector<DetectorRow>& detectorTable()
{
    static const std::vector<DetectorRow> table {
        { DetectorKind::Rtfm, "RTFM", BackboneKind::I3dResNet50, 2048, 0x2ca02c, false,
            { 84.30, "Tian et al., RTFM, ICCV 2021",
                "the sigmoid of a snippet classifier trained so that abnormal snippets have "
                "larger feature magnitudes (top-k magnitude learning): high where a snippet's "
                "features stand out from the video's" } },
        { DetectorKind::S3r, "S3R", BackboneKind::I3dResNet50, 2048, 0x9467bd, true,
            { 85.99, "Wu et al., S3R, ECCV 2022",
                "RTFM's scoring of features from which a dictionary of normal patterns was "
                "subtracted (self-supervised sparse representation): high where little of a "
                "snippet is explained by normal patterns" } },
        { DetectorKind::Mgfn, "MGFN", BackboneKind::I3dResNet50, 2048, 0xe377c2, false,
            { 86.98, "Chen et al., MGFN, AAAI 2023",
                "the sigmoid of a snippet classifier over features contrasted across the video "
                "(glance and focus, magnitude contrast): high where a snippet's feature "
                "magnitude stands out" } },
    };
    return table;
}

const DetectorRow& detectorRow(DetectorKind kind)
{
    for (const DetectorRow& row : detectorTable())
        if (row.kind == kind)
            return row;
    throw Error("a detector without a row in core/analysis/detector_table.cpp");
}

std::string detectorWords(std::string_view lastJoin)
{
    std::string words;
    const std::vector<DetectorRow>& table = detectorTable();
    for (size_t i = 0; i < table.size(); ++i) {
        if (i > 0)
            words += i + 1 == table.size() ? std::string(lastJoin) : std::string(", ");
        words += toString(table[i].kind);
    }
    return words;
}

} // namespace vigil::analysis
