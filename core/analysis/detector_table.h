#pragma once
// The one table of the whole-video detectors that score beside the classifier: a row per
// detector holds everything the front ends and the engine ask of it (its word, as
// --detectors takes it; its name; the features it reads; the colour of its curve; whether it
// needs a companion file, as S3R's dictionary; what its score means and its published AUC).
// A new detector is a row here, a network and its loader row in models/detector_loaders.cpp,
// and its tests. Pure data; any thread.

#include "core/analysis/scorer_facts.h"
#include "core/common/settings.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace vigil::analysis {

struct DetectorRow {
    DetectorKind kind;
    std::string_view name; // as papers and the app write it: "RTFM"
    BackboneKind features; // the extraction whose features it reads
    int64_t featureWidth; // at its published widths
    uint32_t colour; // 0xRRGGBB of its curve (tab10, apart from the classifier's blue)
    bool hasDictionary; // a second file beside the weights (S3R's dictionary of normal patterns)
    ScorerFacts facts;
};

// Every detector, in the order --detectors all lists them.
const std::vector<DetectorRow>& detectorTable();
const DetectorRow& detectorRow(DetectorKind kind);
// "rtfm, s3r, mgfn" (or with `lastJoin` " or " before the last word).
std::string detectorWords(std::string_view lastJoin = ", ");

} // namespace vigil::analysis
