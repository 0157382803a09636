// The agreement strip's numbers (core/analysis/detector_spread.h): max - min per frame over the
// curves shown, with frames fewer than two curves scored left "not scored", never 0.

#include "core/analysis/detector_spread.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace vigil::analysis {
namespace {

DetectorResult detector(DetectorKind kind, std::vector<float> frameScores)
{
    DetectorResult result;
    result.kind = kind;
    result.frameScores = std::move(frameScores);
    return result;
}

AnalysisResult threeCurves()
{
    AnalysisResult result;
    result.frameScores = { 0.5f, 0.25f, 0.75f, 1.0f };
    result.detectors.push_back(detector(DetectorKind::Rtfm, { 0.125f, 0.25f, 0.5f, 0.0f }));
    result.detectors.push_back(detector(DetectorKind::Mgfn, { 0.875f, 0.25f, 0.625f, 0.5f }));
    return result;
}

TEST(DetectorSpread, IsMaxMinusMinOverEveryCurvePerFrame)
{
    const std::vector<std::optional<float>> spread = detectorSpread(threeCurves());
    ASSERT_EQ(spread.size(), 4u);
    EXPECT_FLOAT_EQ(spread[0].value(), 0.875f - 0.125f);
    EXPECT_FLOAT_EQ(spread[1].value(), 0.0f); // all three agree: a real 0, scored
    EXPECT_FLOAT_EQ(spread[2].value(), 0.75f - 0.5f);
    EXPECT_FLOAT_EQ(spread[3].value(), 1.0f);
}

TEST(DetectorSpread, LeavesOutHiddenCurves)
{
    // The attention classifier and MGFN shown, RTFM hidden.
    const auto spread = detectorSpread(threeCurves(), { true, false, true });
    ASSERT_EQ(spread.size(), 4u);
    EXPECT_FLOAT_EQ(spread[0].value(), 0.875f - 0.5f);
    EXPECT_FLOAT_EQ(spread[2].value(), 0.75f - 0.625f);
    EXPECT_FLOAT_EQ(spread[3].value(), 0.5f);
}

TEST(DetectorSpread, ListsCurvesAttentionFirstThenDetectorsInOrder)
{
    const AnalysisResult result = threeCurves();
    const auto curves = scoreCurves(result);
    ASSERT_EQ(curves.size(), 3u);
    EXPECT_EQ(curves[0], &result.frameScores);
    EXPECT_EQ(curves[1], &result.detectors[0].frameScores);
    EXPECT_EQ(curves[2], &result.detectors[1].frameScores);
}

TEST(DetectorSpread, FramesADetectorDidNotScoreAreNotScoredNeverZero)
{
    AnalysisResult result;
    result.frameScores = { 0.5f, 0.5f, 0.5f, 0.5f };
    // RTFM scored the first two frames only; MGFN left frame 1 as NaN.
    result.detectors.push_back(detector(DetectorKind::Rtfm, { 0.25f, 0.75f }));
    const float nan = std::numeric_limits<float>::quiet_NaN();
    result.detectors.push_back(detector(DetectorKind::Mgfn, { 1.0f, nan, 0.5f }));
    const auto spread = detectorSpread(result);
    ASSERT_EQ(spread.size(), 4u);
    EXPECT_FLOAT_EQ(spread[0].value(), 0.75f);
    EXPECT_FLOAT_EQ(spread[1].value(), 0.25f); // NaN left out, not taken as 0
    EXPECT_FLOAT_EQ(spread[2].value(), 0.0f); // attention and MGFN both 0.5
    EXPECT_FALSE(spread[3].has_value()); // attention alone: one opinion
}

TEST(DetectorSpread, OneShownCurveOrNoDetectorsIsNotScored)
{
    AnalysisResult alone;
    alone.frameScores = { 0.1f, 0.9f };
    for (const auto& value : detectorSpread(alone))
        EXPECT_FALSE(value.has_value());
    for (const auto& value : detectorSpread(threeCurves(), { false, true, false }))
        EXPECT_FALSE(value.has_value());
}

TEST(DetectorSpread, CoversTheLongestCurve)
{
    AnalysisResult result;
    result.frameScores = { 0.5f };
    result.detectors.push_back(detector(DetectorKind::S3r, { 0.25f, 0.5f, 0.75f }));
    const auto spread = detectorSpread(result);
    ASSERT_EQ(spread.size(), 3u);
    EXPECT_FLOAT_EQ(spread[0].value(), 0.25f);
    EXPECT_FALSE(spread[1].has_value());
    EXPECT_FALSE(spread[2].has_value());
}

} // namespace
} // namespace vigil::analysis
