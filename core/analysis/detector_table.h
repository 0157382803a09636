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
    // The features it reads, as --backbone names their extractor ("i3d-r50": RTFM's ten-crop
    // I3D-ResNet-50; "i3d-inception": Wu et al.'s ten-crop Inception-I3D), and their width.
    std::string_view features;
    int64_t featureWidth;
    uint32_t colour; // 0xRRGGBB of its curve (tab10, apart from the classifier's blue)
    bool hasDictionary; // a second file beside the weights (S3R's dictionary of normal patterns)
    ScorerFacts facts;
};

// The features every backbone of Vigil's extracts: RTFM's (I3D-ResNet-50's 2048, ResNet-50's
// 2048 per frame stand in for them). The detectors of other features get their own backbone's
// extraction beside the classifier (engine.h, OtherFamily), or score .npy files of theirs.
inline constexpr std::string_view kExtractedFeatures = "i3d-r50";

// Every detector, in the order results list them.
const std::vector<DetectorRow>& detectorTable();
const DetectorRow& detectorRow(DetectorKind kind);
// "rtfm, s3r, mgfn" (or with `lastJoin` " or " before the last word).
std::string detectorWords(std::string_view lastJoin = ", ");
// "urdmu, pel4vad": the detectors of one family of features.
std::string detectorWordsReading(std::string_view features);

} // namespace vigil::analysis
