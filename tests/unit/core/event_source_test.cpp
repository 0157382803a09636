// Events from a chosen scorer, or from at least k of the n scorers at or above the threshold:
// the classifier and every detector the result scored count, one that did not never counts as 0.

#include "core/analysis/event_source.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace {

using vigil::DetectorKind;
using vigil::analysis::AnalysisResult;
using vigil::analysis::DetectorResult;
using vigil::analysis::EventSource;
using vigil::analysis::ScoreEvent;

constexpr float kNotScored = std::numeric_limits<float>::quiet_NaN();

DetectorResult detector(DetectorKind kind, std::vector<float> frameScores)
{
    DetectorResult result;
    result.kind = kind;
    result.frameScores = std::move(frameScores);
    return result;
}

// Three scorers over eight frames; frames 2..3 have two at or above 0.5, frame 3 all three.
AnalysisResult threeScorers()
{
    AnalysisResult result;
    result.frameScores = { 0.1f, 0.6f, 0.7f, 0.9f, 0.2f, 0.1f, 0.8f, 0.1f };
    result.detectors.push_back(
        detector(DetectorKind::Rtfm, { 0.0f, 0.0f, 0.6f, 0.55f, 0.3f, 0.9f, 0.2f, 0.0f }));
    result.detectors.push_back(
        detector(DetectorKind::Mgfn, { 0.0f, 0.1f, 0.2f, 0.5f, 0.6f, 0.0f, 0.0f, 0.0f }));
    return result;
}

EventSource atLeast(int k)
{
    return { EventSource::Kind::AtLeastK, DetectorKind::Rtfm, k };
}

std::vector<std::pair<int64_t, int64_t>> spans(const std::vector<ScoreEvent>& events)
{
    std::vector<std::pair<int64_t, int64_t>> result;
    for (const ScoreEvent& event : events)
        result.emplace_back(event.firstFrame, event.lastFrame);
    return result;
}

using Spans = std::vector<std::pair<int64_t, int64_t>>;

TEST(EventSource, TheClassifierGivesTheEventsOfItsFrameScores)
{
    const AnalysisResult result = threeScorers();
    const auto events = findEvents(result, EventSource {}, 0.5);
    EXPECT_EQ(spans(events), (Spans { { 1, 3 }, { 6, 6 } }));
    EXPECT_FLOAT_EQ(events[0].peakScore, 0.9f);
}

TEST(EventSource, ADetectorGivesTheEventsOfItsOwnScores)
{
    const AnalysisResult result = threeScorers();
    const EventSource rtfm { EventSource::Kind::Detector, DetectorKind::Rtfm, 1 };
    const auto events = findEvents(result, rtfm, 0.5);
    EXPECT_EQ(spans(events), (Spans { { 2, 3 }, { 5, 5 } }));
    EXPECT_EQ(events[1].peakFrame, 5);
    const EventSource mgfn { EventSource::Kind::Detector, DetectorKind::Mgfn, 1 };
    EXPECT_EQ(spans(findEvents(result, mgfn, 0.5)), (Spans { { 3, 4 } }));
    const EventSource s3r { EventSource::Kind::Detector, DetectorKind::S3r, 1 };
    EXPECT_TRUE(findEvents(result, s3r, 0.5).empty()) << "the result holds no s3r";
}

TEST(EventSource, AtLeastKOfNCountsTheScorersAtOrAboveTheThreshold)
{
    const AnalysisResult result = threeScorers();
    EXPECT_EQ(spans(findEvents(result, atLeast(1), 0.5)), (Spans { { 1, 6 } }));
    EXPECT_EQ(spans(findEvents(result, atLeast(2), 0.5)), (Spans { { 2, 3 } }));
    EXPECT_EQ(spans(findEvents(result, atLeast(3), 0.5)), (Spans { { 3, 3 } }));
    EXPECT_TRUE(findEvents(result, atLeast(4), 0.5).empty()) << "there are three scorers";
    const auto counts = scorersAtOrAbove(result, 0.5);
    const std::vector<std::optional<int>> expected { 0, 1, 2, 3, 1, 1, 1, 0 };
    EXPECT_EQ(counts, expected);
}

TEST(EventSource, AKOfNEventPeaksWhereKScorersAgreeMost)
{
    const AnalysisResult result = threeScorers();
    const auto two = findEvents(result, atLeast(2), 0.5);
    ASSERT_EQ(two.size(), 1u);
    EXPECT_EQ(two[0].peakFrame, 2) << "the second highest is 0.6 at frame 2, 0.55 at frame 3";
    EXPECT_FLOAT_EQ(two[0].peakScore, 0.6f);
    const auto one = findEvents(result, atLeast(1), 0.5);
    EXPECT_EQ(one[0].peakFrame, 3);
    EXPECT_FLOAT_EQ(one[0].peakScore, 0.9f);
}

TEST(EventSource, ADetectorThatScoredNothingIsNotCounted)
{
    AnalysisResult result = threeScorers();
    result.detectors.push_back(detector(DetectorKind::S3r, {}));
    EXPECT_EQ(scoredCurves(result).size(), 3u) << "n counts the scorers that scored";
    EXPECT_EQ(spans(findEvents(result, atLeast(3), 0.5)), (Spans { { 3, 3 } }));
    result.detectors.back().frameScores.assign(8, kNotScored);
    EXPECT_EQ(scoredCurves(result).size(), 3u);
    EXPECT_EQ(spans(findEvents(result, atLeast(3), 0.5)), (Spans { { 3, 3 } }));
}

TEST(EventSource, AFrameAScorerDidNotScoreIsNeitherAboveNorBelow)
{
    AnalysisResult result;
    result.frameScores = { 0.9f, 0.9f, 0.9f, 0.9f };
    result.detectors.push_back(detector(DetectorKind::Rtfm, { 0.9f, kNotScored }));
    const auto counts = scorersAtOrAbove(result, 0.5);
    EXPECT_EQ(counts, (std::vector<std::optional<int>> { 2, 1, 1, 1 }));
    EXPECT_EQ(spans(findEvents(result, atLeast(1), 0.5)), (Spans { { 0, 3 } }));
    EXPECT_EQ(spans(findEvents(result, atLeast(2), 0.5)), (Spans { { 0, 0 } }))
        << "frames 1..3 have one score, not a second one of 0";
    const auto belowAll = scorersAtOrAbove(result, 0.95);
    EXPECT_EQ(belowAll, (std::vector<std::optional<int>> { 0, 0, 0, 0 }));
}

TEST(EventSource, AFrameNoScorerScoredIsNotScored)
{
    AnalysisResult result;
    result.frameScores = { 0.9f, kNotScored };
    result.detectors.push_back(detector(DetectorKind::Rtfm, { 0.9f, kNotScored, kNotScored }));
    const auto counts = scorersAtOrAbove(result, 0.5);
    ASSERT_EQ(counts.size(), 3u);
    EXPECT_EQ(counts[0], 2);
    EXPECT_FALSE(counts[1].has_value());
    EXPECT_FALSE(counts[2].has_value());
    const auto curve = eventCurve(result, atLeast(1));
    ASSERT_EQ(curve.size(), 3u);
    EXPECT_TRUE(std::isnan(curve[1]));
}

TEST(EventSource, KBelowOneIsRefused)
{
    EXPECT_THROW(eventCurve(threeScorers(), atLeast(0)), std::invalid_argument);
}

// The events of k of n are the maximal runs of frames where at least k scorers are at or above
// the threshold, whatever the scores (random ones, with unscored frames).
TEST(EventSource, KOfNEventsAreTheMaximalRunsOfEnoughScorers)
{
    std::mt19937 random(22);
    std::uniform_real_distribution<float> score(0.0f, 1.0f);
    for (int trial = 0; trial < 50; ++trial) {
        SCOPED_TRACE(trial);
        AnalysisResult result;
        for (int i = 0; i < 60; ++i)
            result.frameScores.push_back(score(random));
        for (const DetectorKind kind : { DetectorKind::Rtfm, DetectorKind::S3r }) {
            std::vector<float> scores;
            for (int i = 0; i < 50 + trial % 20; ++i)
                scores.push_back(score(random) < 0.1f ? kNotScored : score(random));
            result.detectors.push_back(detector(kind, scores));
        }
        const double threshold = 0.3 + 0.01 * trial;
        const auto counts = scorersAtOrAbove(result, threshold);
        for (int k = 1; k <= 3; ++k) {
            SCOPED_TRACE(k);
            Spans expected;
            for (size_t frame = 0; frame < counts.size(); ++frame) {
                if (counts[frame].value_or(0) < k)
                    continue;
                const auto f = static_cast<int64_t>(frame);
                if (!expected.empty() && expected.back().second == f - 1)
                    expected.back().second = f;
                else
                    expected.emplace_back(f, f);
            }
            EXPECT_EQ(spans(findEvents(result, atLeast(k), threshold)), expected);
        }
    }
}

} // namespace
