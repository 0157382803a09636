#include "core/analysis/detector_table.h"

#include "core/common/error.h"

namespace vigil::analysis {

const std::vector<DetectorRow>& detectorTable()
{
    static const std::vector<DetectorRow> table {
        { DetectorKind::Rtfm, "RTFM", "i3d-r50", 2048, 0x2ca02c, false,
            { 84.30, 77.81, "Tian et al., RTFM, ICCV 2021",
                "the sigmoid of a snippet classifier trained so that abnormal snippets have "
                "larger feature magnitudes (top-k magnitude learning): high where a snippet's "
                "features stand out from the video's" } },
        { DetectorKind::S3r, "S3R", "i3d-r50", 2048, 0x9467bd, true,
            { 85.99, 80.26, "Wu et al., S3R, ECCV 2022",
                "RTFM's scoring of features from which a dictionary of normal patterns was "
                "subtracted (self-supervised sparse representation): high where little of a "
                "snippet is explained by normal patterns" } },
        { DetectorKind::Mgfn, "MGFN", "i3d-r50", 2048, 0xe377c2, false,
            { 86.98, 79.19, "Chen et al., MGFN, AAAI 2023",
                "the sigmoid of a snippet classifier over features contrasted across the video "
                "(glance and focus, magnitude contrast): high where a snippet's feature "
                "magnitude stands out" } },
        { DetectorKind::Urdmu, "UR-DMU", "i3d-inception", 1024, 0x8c564b, false,
            { 86.97, 81.66, "Zhou et al., UR-DMU, AAAI 2023",
                "the sigmoid of a snippet scorer over the features and what they read from a "
                "memory of anomalous and one of normal patterns (dual memory units): high where "
                "a snippet reads much from the anomaly memory" } },
        { DetectorKind::Pel4vad, "PEL4VAD", "i3d-inception", 1024, 0x17becf, false,
            { 86.76, 85.59, "Pu et al., PEL4VAD, IEEE TIP 2024",
                "the sigmoid of a causal scorer over context features that mix an attention over "
                "the whole video with one over 9 steps, weighted by distance (temporal context "
                "aggregation), then smoothed as its test code does" } },
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

std::string detectorWordsReading(std::string_view features)
{
    std::string words;
    for (const DetectorRow& row : detectorTable())
        if (row.features == features)
            words += (words.empty() ? "" : ", ") + toString(row.kind);
    return words;
}

} // namespace vigil::analysis
