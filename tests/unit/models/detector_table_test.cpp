// The detector table (core/analysis/detector_table.h) and its loader rows
// (models/detector_loaders.cpp) agree for every detector: each word has a row, each row a loader
// whose network reads the width the row says, and the front ends' facts come from the row. A
// detector added to the table is covered here without a change.

#include "core/analysis/detector_table.h"
#include "core/analysis/scorer_facts.h"
#include "core/common/error.h"
#include "core/engine/detector_plan.h"
#include "models/model_factory.h"

#include <gtest/gtest.h>

#include <set>

namespace vigil::models {
namespace {

TEST(DetectorTable, EveryDetectorLoadsFromItsRowAtTheWidthItSays)
{
    ASSERT_EQ(analysis::detectorTable().size(), detail::SettingWords<DetectorKind>::table.size());
    std::set<uint32_t> colours;
    for (const analysis::DetectorRow& row : analysis::detectorTable()) {
        SCOPED_TRACE(toString(row.kind));
        EXPECT_EQ(&analysis::detectorRow(row.kind), &row);
        const LoadedDetector demo = loadDetector(row.kind, "");
        ASSERT_NE(demo.detector, nullptr);
        EXPECT_EQ(demo.detector->featureSize(), row.featureWidth);
        EXPECT_EQ(demo.weights.provenance, Provenance::Demo);
        EXPECT_TRUE(colours.insert(row.colour).second) << "two curves of one colour";
        EXPECT_EQ(&analysis::detectorFacts(row.kind), &row.facts);
        EXPECT_GT(row.facts.publishedUcfCrimeAuc, 50.0);
    }
}

TEST(DetectorTable, AllIsTheDetectorsOfTheExtractedFeatures)
{
    for (const DetectorKind kind : engine::allDetectorKinds())
        EXPECT_EQ(analysis::detectorRow(kind).features, analysis::kExtractedFeatures);
    EXPECT_EQ(analysis::detectorWordsReading("i3d-inception"), "urdmu, pel4vad");
    EXPECT_EQ(analysis::detectorWords(" or "), "rtfm, s3r, mgfn, urdmu or pel4vad");
}

TEST(DetectorTable, ADictionaryIsRefusedForADetectorWhoseRowHasNone)
{
    try {
        loadDetector(DetectorKind::Urdmu, "", "dictionary.npy");
        FAIL() << "accepted";
    } catch (const ModelError& error) {
        EXPECT_STREQ(error.what(), "dictionary.npy: UR-DMU takes no dictionary");
    }
}

TEST(DetectorTable, PublishedFiguresSayBothDatasetsWhereThePaperHasBoth)
{
    EXPECT_EQ(analysis::publishedFigures(analysis::detectorFacts(DetectorKind::Pel4vad)),
        "86.76 % frame AUC on UCF-Crime, 85.59 % AP on XD-Violence");
    EXPECT_EQ(
        analysis::publishedFigures(analysis::classifierFacts()), "84.74 % frame AUC on UCF-Crime");
}

} // namespace
} // namespace vigil::models
