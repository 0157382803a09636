// The one event rule (issue 37): with on = off and no minimum it is the runs at or above one
// threshold; hysteresis keeps an event open between on and off; a minimum duration drops blips;
// each detector decides on its own scale (a default halfway from its median to 1, stated, or the
// threshold given), and "k of n" counts each scorer's own decision, with the count at the peak.

#include "core/analysis/event_rule.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace {

using vigil::DetectorKind;
using namespace vigil::analysis;

constexpr float kNotScored = std::numeric_limits<float>::quiet_NaN();

AnalysisResult classifierOnly(std::vector<float> scores, double fps = 10.0)
{
    AnalysisResult result;
    result.frameScores = std::move(scores);
    result.video.fps = fps;
    return result;
}

std::vector<std::pair<int64_t, int64_t>> spans(const std::vector<ScoreEvent>& events)
{
    std::vector<std::pair<int64_t, int64_t>> result;
    for (const ScoreEvent& event : events)
        result.emplace_back(event.firstFrame, event.lastFrame);
    return result;
}

using Spans = std::vector<std::pair<int64_t, int64_t>>;

TEST(EventRule, WithoutHysteresisOrMinimumItIsTheRunsAtOrAboveTheThreshold)
{
    const AnalysisResult result
        = classifierOnly({ 0.1f, 0.6f, 0.5f, 0.49f, 0.7f, kNotScored, 0.9f, 0.2f });
    EventRule rule;
    rule.on = 0.5;
    const auto events = findEvents(result, rule);
    EXPECT_EQ(spans(events), spans(findEvents(result.frameScores, 0.5)));
    EXPECT_EQ(spans(events), (Spans { { 1, 2 }, { 4, 4 }, { 6, 6 } })); // NaN ends an event
    EXPECT_EQ(events[0].peakFrame, 1);
    EXPECT_FLOAT_EQ(events[0].peakScore, 0.6f);
    EXPECT_EQ(events[0].scorersAgreeing, -1);
}

TEST(EventRule, HysteresisKeepsAnEventOpenDownToTheOffThreshold)
{
    const AnalysisResult result = classifierOnly({ 0.4f, 0.7f, 0.55f, 0.52f, 0.45f, 0.58f, 0.65f });
    EventRule rule;
    rule.on = 0.6;
    rule.hysteresis = 0.1; // off at 0.5
    EXPECT_EQ(spans(findEvents(result, rule)), (Spans { { 1, 3 }, { 6, 6 } }));
    rule.hysteresis = 0.0;
    EXPECT_EQ(spans(findEvents(result, rule)), (Spans { { 1, 1 }, { 6, 6 } }));
}

TEST(EventRule, AMinimumDurationDropsShorterEvents)
{
    // 10 fps: the first event lasts 0.3 s (3 frames), the second 0.1 s.
    const AnalysisResult result = classifierOnly({ 0.9f, 0.9f, 0.9f, 0.1f, 0.9f, 0.1f });
    EventRule rule;
    rule.minDurationS = 0.25;
    EXPECT_EQ(spans(findEvents(result, rule)), (Spans { { 0, 2 } }));
    rule.minDurationS = 0.35;
    EXPECT_TRUE(findEvents(result, rule).empty());
}

TEST(EventRule, ADetectorDecidesOnItsOwnScale)
{
    // RTFM's normal level here is 0.506 (its demo weights' sigmoid near 0): the classifier's 0.5
    // would make every frame an event; its default is halfway from its median to 1.
    AnalysisResult result = classifierOnly(std::vector<float>(10, 0.1f));
    DetectorResult rtfm;
    rtfm.kind = DetectorKind::Rtfm;
    rtfm.frameScores = { 0.506f, 0.506f, 0.507f, 0.9f, 0.95f, 0.506f, 0.505f, 0.506f, 0.5f, 0.51f };
    result.detectors.push_back(rtfm);
    const auto scale = detectorDefault(rtfm.frameScores);
    ASSERT_TRUE(scale);
    EXPECT_NEAR(scale->median, 0.506, 1e-6);
    EXPECT_DOUBLE_EQ(scale->threshold, 0.75);
    EventRule rule;
    rule.source = { EventSource::Kind::Detector, DetectorKind::Rtfm, 1 };
    EXPECT_EQ(spans(findEvents(result, rule)), (Spans { { 3, 4 } }));
    const auto scorers = scorerThresholds(result, rule);
    ASSERT_EQ(scorers.size(), 2u);
    EXPECT_EQ(scorers[1].name, "rtfm");
    EXPECT_TRUE(scorers[1].isDefault);
    rule.detectorThresholds = { { DetectorKind::Rtfm, 0.504 } }; // given: no longer the default
    EXPECT_EQ(spans(findEvents(result, rule)), (Spans { { 0, 7 }, { 9, 9 } }));
    EXPECT_FALSE(scorerThresholds(result, rule)[1].isDefault);
}

TEST(EventRule, KOfNCountsEachScorersOwnDecisionAndSaysHowManyAgreedAtThePeak)
{
    AnalysisResult result = classifierOnly({ 0.1f, 0.6f, 0.7f, 0.9f, 0.2f, 0.1f });
    DetectorResult mgfn;
    mgfn.kind = DetectorKind::Mgfn;
    // Lives around 0.35: its default threshold is 0.68; frames 2..3 are above it.
    mgfn.frameScores = { 0.35f, 0.35f, 0.8f, 0.9f, 0.35f, 0.36f };
    result.detectors.push_back(mgfn);
    EventRule rule;
    rule.source = { EventSource::Kind::AtLeastK, DetectorKind::Rtfm, 2 };
    const auto events = findEvents(result, rule);
    EXPECT_EQ(spans(events), (Spans { { 2, 3 } }));
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].scorersAgreeing, 2);
    EXPECT_EQ(events[0].peakFrame, 3); // the 2nd scorer furthest above its threshold
    EXPECT_FLOAT_EQ(events[0].peakScore, 0.9f); // the classifier's score there, not the 2nd's
    rule.source.k = 1;
    EXPECT_EQ(spans(findEvents(result, rule)), (Spans { { 1, 3 } }));
    rule.source.k = 3; // more than the n scorers: never
    EXPECT_TRUE(findEvents(result, rule).empty());
}

TEST(EventRule, TheWordsOfEventsFrom)
{
    std::string problem;
    EXPECT_EQ(parseEventSource("attention", &problem)->kind, EventSource::Kind::Classifier);
    EXPECT_EQ(parseEventSource("mgfn", &problem)->detector, DetectorKind::Mgfn);
    EXPECT_EQ(parseEventSource("2-of-n", &problem)->k, 2);
    EXPECT_EQ(eventSourceWord(*parseEventSource("3-of-n", &problem)), "3-of-n");
    for (const char* bad : { "0-of-n", "-of-n", "x-of-n", "2of4", "RTFM", "" }) {
        EXPECT_FALSE(parseEventSource(bad, &problem)) << bad;
        EXPECT_NE(problem.find("not a source of events"), std::string::npos);
    }
    EventRule offAboveOn;
    offAboveOn.hysteresis = -0.1;
    EXPECT_THROW(findEvents(classifierOnly({ 0.5f }), offAboveOn), std::invalid_argument);
}

} // namespace
