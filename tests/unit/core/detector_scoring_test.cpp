// The detector seam (core/analysis/detector_scoring.h): spans, scores per step and frame as the
// classifier maps them, checks on what a detector returns, and the feature-size refusal.

#include "core/analysis/detector_scoring.h"
#include "core/common/error.h"
#include "tests/support/fake_detector.h"

#include <gtest/gtest.h>

#include <memory>

namespace vigil::analysis {
namespace {

using test::FakeDetector;

SelectedDetector selected(std::shared_ptr<const VideoDetector> detector)
{
    WeightsInfo weights;
    weights.provenance = Provenance::Imported;
    weights.sha256 = "abc";
    return { DetectorKind::Rtfm, std::move(detector), weights };
}

TEST(DetectorSpans, CutsALongVideoIntoEqualSpansOfAtMostTheBound)
{
    EXPECT_TRUE(planDetectorSpans(0, 4).empty());
    EXPECT_EQ(planDetectorSpans(3, 4), (std::vector<WindowSpan> { { 0, 2 } }));
    EXPECT_EQ(planDetectorSpans(4, 4), (std::vector<WindowSpan> { { 0, 3 } }));
    // 9 steps in spans of at most 4: three of 3, never 4 + 4 + 1.
    EXPECT_EQ(planDetectorSpans(9, 4), (std::vector<WindowSpan> { { 0, 2 }, { 3, 5 }, { 6, 8 } }));
    EXPECT_EQ(planDetectorSpans(10, 4), (std::vector<WindowSpan> { { 0, 3 }, { 4, 6 }, { 7, 9 } }));
    // 3 hours at 25 fps in the default bound: 17 spans, none longer than it.
    const std::vector<WindowSpan> spans = planDetectorSpans(16875, defaults::kDetectorSpanSteps);
    EXPECT_EQ(spans.size(), 17u);
    for (const WindowSpan& span : spans)
        EXPECT_LE(span.stepCount(), defaults::kDetectorSpanSteps);
    EXPECT_EQ(spans.back().lastStep, 16874);
}

TEST(ScoreDetectors, ScoresEachStepAsTheMeanOverCropsAndMapsItToFramesAsTheClassifier)
{
    auto detector = std::make_shared<FakeDetector>();
    const FloatArray features = test::detectorFeatures(5, 2);
    const std::vector<DetectorResult> results
        = scoreDetectors(features, { selected(detector) }, 16, 75, 8);
    ASSERT_EQ(results.size(), 1u);
    const DetectorResult& rtfm = results[0];
    EXPECT_EQ(rtfm.kind, DetectorKind::Rtfm);
    EXPECT_EQ(rtfm.weights.provenance, Provenance::Imported);
    EXPECT_EQ(rtfm.weights.sha256, "abc");
    EXPECT_EQ(rtfm.spanSteps, 5);
    // Step t: crops t and t + 10, mean t + 5, over 100.
    ASSERT_EQ(rtfm.stepScores.size(), 5u);
    for (int t = 0; t < 5; ++t) {
        EXPECT_FLOAT_EQ(rtfm.stepScores[t], (t + 5) / 100.0f);
        EXPECT_FLOAT_EQ(rtfm.magnitudes[t], t + 5.0f);
    }
    EXPECT_EQ(rtfm.frameScores, frameScores(rtfm.stepScores, 16, 75));
    EXPECT_EQ(rtfm.frameScores.size(), 75u); // the last frames take the last step's score
    EXPECT_FLOAT_EQ(rtfm.frameScores[74], rtfm.stepScores[4]);
    // All crops at once, [crops, steps, size], one pass for the whole video.
    EXPECT_EQ(detector->seenShapes, (std::vector<std::vector<int64_t>> { { 2, 5, 3 } }));
}

TEST(ScoreDetectors, ScoresALongVideoInBoundedSpans)
{
    auto detector = std::make_shared<FakeDetector>();
    const std::vector<DetectorResult> results
        = scoreDetectors(test::detectorFeatures(10, 1), { selected(detector) }, 16, 160, 4);
    EXPECT_EQ(detector->seenShapes,
        (std::vector<std::vector<int64_t>> { { 1, 4, 3 }, { 1, 3, 3 }, { 1, 3, 3 } }));
    ASSERT_EQ(results[0].stepScores.size(), 10u);
    EXPECT_FLOAT_EQ(results[0].stepScores[9], 0.09f);
    EXPECT_EQ(results[0].spanSteps, 4);
}

TEST(ScoreDetectors, KeepsEachSpansAttentionInMemory)
{
    auto detector = std::make_shared<FakeDetector>();
    const std::vector<DetectorResult> results
        = scoreDetectors(test::detectorFeatures(10, 1), { selected(detector) }, 16, 160, 4);
    const DetectorResult& rtfm = results[0];
    EXPECT_EQ(rtfm.attentionKept, AttentionKept::InMemory);
    ASSERT_EQ(rtfm.attention.size(), 3u);
    EXPECT_EQ(rtfm.attention[0].span, (WindowSpan { 0, 3 }));
    EXPECT_EQ(rtfm.attention[0].weights.shape, (std::vector<int64_t> { 4, 4 }));
    EXPECT_FLOAT_EQ(rtfm.attention[0].weights.values[5], 0.25f);
    EXPECT_EQ(rtfm.attention[2].span, (WindowSpan { 7, 9 }));
    EXPECT_EQ(rtfm.attention[2].weights.shape, (std::vector<int64_t> { 3, 3 }));
}

// FakeDetector without attention on its second call: a detector that explains some spans only.
class PartlyExplainingDetector : public FakeDetector {
public:
    VideoScores score(const FloatArray& features) const override
    {
        VideoScores scores = FakeDetector::score(features);
        if (seenShapes.size() == 2)
            scores.attention = {};
        return scores;
    }
};

TEST(ScoreDetectors, KeepsNoAttentionWhenASpanHasNoneOfItsShape)
{
    auto detector = std::make_shared<PartlyExplainingDetector>();
    const std::vector<DetectorResult> results
        = scoreDetectors(test::detectorFeatures(10, 1), { selected(detector) }, 16, 160, 4);
    EXPECT_EQ(results[0].attentionKept, AttentionKept::NotGiven);
    EXPECT_TRUE(results[0].attention.empty()) << "no span's, rather than the first span's alone";
    EXPECT_EQ(DetectorResult {}.attentionKept, AttentionKept::NotInFiles)
        << "what a result read from its files has";
}

TEST(ScoreDetectors, RefusesScoresOutsideZeroToOne)
{
    // A scale of 1 gives step 2 the score 2.
    auto detector = std::make_shared<FakeDetector>(1.0f);
    try {
        scoreDetectors(test::detectorFeatures(3, 1), { selected(detector) }, 16, 48);
        FAIL() << "a score of 2 was taken";
    } catch (const ModelError& error) {
        EXPECT_NE(std::string(error.what()).find("rtfm returned the score 2"), std::string::npos)
            << error.what();
    }
}

TEST(ScoreDetectors, RefusesFeaturesOfAnotherSize)
{
    auto detector = std::make_shared<FakeDetector>(100.0f, 2048);
    EXPECT_THROW(
        scoreDetectors(test::detectorFeatures(3, 1), { selected(detector) }, 16, 48), ModelError);
}

TEST(ScoreDetectors, NeedsNothingWithoutDetectors)
{
    EXPECT_TRUE(scoreDetectors(FloatArray {}, {}, 16, 0).empty());
}

TEST(FeatureSizeProblem, SaysWhichFeaturesEachScorerNeeds)
{
    auto detector = std::make_shared<FakeDetector>(100.0f, 2048);
    EXPECT_EQ(featureSizeProblem(2048, 2048, { selected(detector) }), "");
    EXPECT_EQ(featureSizeProblem(1024, 2048, { selected(detector) }),
        "1024-d features do not fit: attention needs 2048-d, rtfm needs 2048-d I3D-ResNet-50 "
        "features (vigil features --backbone i3d-r50)");
    EXPECT_NE(featureSizeProblem(1024, 2048, {}), "");
}

} // namespace
} // namespace vigil::analysis
