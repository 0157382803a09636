// core/live's pure logic with fakes: the causal window, alert hysteresis, the drop-oldest queue,
// reconnection backoff, live source names and URL redaction.

#include "core/common/redacted_url.h"
#include "core/live/alert_tracker.h"
#include "core/live/causal_window.h"
#include "core/live/reconnect_backoff.h"
#include "core/live/snippet_queue.h"
#include "core/media/live_source.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace {

using namespace vigil;
using namespace vigil::live;

// Scores a window by the mean of its values (crop 0), and records each window's step count.
class MeanScorer : public analysis::WindowScorer {
public:
    analysis::WindowScore score(const FloatArray& window) const override
    {
        const int64_t steps = window.dim(1);
        lastSteps = steps;
        double sum = 0.0;
        for (int64_t i = 0; i < steps * window.dim(2); ++i)
            sum += window.values[static_cast<size_t>(i)];
        analysis::WindowScore result;
        result.cropScores.assign(static_cast<size_t>(window.dim(0)),
            static_cast<float>(sum / static_cast<double>(steps * window.dim(2))));
        result.attention = FloatArray::zeros({ window.dim(0), steps, 2 });
        for (float& value : result.attention.values)
            value = 1.0f / static_cast<float>(steps);
        return result;
    }
    int64_t featureSize() const override { return 3; }
    int64_t attentionRows() const override { return 2; }
    mutable int64_t lastSteps = 0;
};

FloatArray featureOf(float value)
{
    FloatArray feature = FloatArray::zeros({ 1, 3 });
    for (float& v : feature.values)
        v = value;
    return feature;
}

TEST(CausalWindow, FirstStepsUseTheShorterWindowTheyHave)
{
    MeanScorer scorer;
    CausalWindow window(scorer, 3);
    EXPECT_FLOAT_EQ(window.push(featureOf(1.0f))->score, 1.0f);
    EXPECT_EQ(scorer.lastSteps, 1);
    EXPECT_FLOAT_EQ(window.push(featureOf(0.0f))->score, 0.5f);
    EXPECT_EQ(scorer.lastSteps, 2);
    const std::optional<CausalScore> third = window.push(featureOf(0.5f));
    ASSERT_TRUE(third);
    EXPECT_FLOAT_EQ(third->score, 0.5f);
    EXPECT_EQ(third->steps, 3);
    ASSERT_EQ(third->attention.size(), 3u);
    EXPECT_EQ(third->attention[0].size(), 2u);
}

TEST(CausalWindow, ScoresTheLastWindowStepsEndingAtEachStep)
{
    MeanScorer scorer;
    CausalWindow window(scorer, 2);
    window.push(featureOf(1.0f));
    window.push(featureOf(0.0f));
    // The first step has left the window: mean of 0 and 0.
    EXPECT_FLOAT_EQ(window.push(featureOf(0.0f))->score, 0.0f);
    EXPECT_EQ(scorer.lastSteps, 2);
}

TEST(CausalWindow, SkippedStepsKeepTheirPlaceAndAreLeftOut)
{
    MeanScorer scorer;
    CausalWindow window(scorer, 3);
    window.push(featureOf(1.0f));
    window.pushGap();
    // The window of three places ending here: the first step, a gap, and this one.
    const std::optional<CausalScore> scored = window.push(featureOf(0.0f));
    ASSERT_TRUE(scored);
    EXPECT_FLOAT_EQ(scored->score, 0.5f);
    EXPECT_EQ(scored->steps, 2);
    EXPECT_EQ(scored->spanSteps, 3);
    window.reset();
    EXPECT_FLOAT_EQ(window.push(featureOf(0.25f))->score, 0.25f);
}

// With most snippets skipped, the window's few scored steps would stand for a stretch in stream
// time the networks mostly never saw: below half, the step is not scored (and the scorer not run).
TEST(CausalWindow, AWindowWithUnderHalfItsStepsScoredIsNotScored)
{
    MeanScorer scorer;
    CausalWindow window(scorer, 4);
    for (int i = 0; i < 4; ++i)
        window.push(featureOf(0.9f));
    window.pushGap();
    window.pushGap();
    EXPECT_DOUBLE_EQ(window.scoredShare(), 0.5);
    EXPECT_TRUE(window.isScoredEnough());
    window.pushGap(); // [step, gap, gap, gap]
    EXPECT_FALSE(window.isScoredEnough());
    scorer.lastSteps = 0;
    // [gap, gap, gap, step]: one scored step of four places.
    EXPECT_FALSE(window.push(featureOf(0.9f)).has_value());
    EXPECT_EQ(scorer.lastSteps, 0) << "the scorer is not run for a window it cannot trust";
    // [gap, gap, step, step]: half again, scored; never filled with the older steps.
    const std::optional<CausalScore> back = window.push(featureOf(0.1f));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->steps, 2);
    EXPECT_FLOAT_EQ(back->score, 0.5f);
}

ScoredStep stepAt(int64_t index, float score)
{
    ScoredStep step;
    step.startUs = index * 1000000;
    step.endUs = (index + 1) * 1000000;
    step.wallStartMs = 1000 * index;
    step.wallEndMs = 1000 * (index + 1);
    step.score = score;
    step.stepIndex = index;
    return step;
}

TEST(AlertTracker, OpensAtOnStaysOpenAboveOffAndClosesBelowIt)
{
    AlertTracker tracker({ 0.6f, 0.5f, 0 });
    const float scores[] = { 0.1f, 0.55f, 0.6f, 0.9f, 0.55f, 0.5f, 0.49f, 0.55f, 0.1f };
    std::vector<Alert> alerts;
    for (int64_t i = 0; i < 9; ++i)
        if (std::optional<Alert> alert = tracker.add(stepAt(i, scores[i])))
            alerts.push_back(*alert);
    // 0.55 before the alert does not open it; 0.55 and 0.5 inside keep it open; 0.49 closes it;
    // the 0.55 after does not reopen it.
    ASSERT_EQ(alerts.size(), 1u);
    EXPECT_EQ(alerts[0].startUs, 2000000);
    EXPECT_EQ(alerts[0].endUs, 6000000);
    EXPECT_FLOAT_EQ(alerts[0].peak.score, 0.9f);
    EXPECT_EQ(alerts[0].peak.stepIndex, 3);
    EXPECT_EQ(alerts[0].closedBy, AlertEnd::Score);
    EXPECT_FALSE(tracker.isOpen());
}

TEST(AlertTracker, DropsAlertsShorterThanTheMinimumDuration)
{
    AlertTracker tracker({ 0.6f, 0.5f, 2000000 });
    // One step (1 s) above: dropped. Two steps (2 s): kept.
    EXPECT_FALSE(tracker.add(stepAt(0, 0.9f)));
    EXPECT_FALSE(tracker.add(stepAt(1, 0.1f)));
    EXPECT_FALSE(tracker.add(stepAt(2, 0.9f)));
    EXPECT_FALSE(tracker.add(stepAt(3, 0.7f)));
    const std::optional<Alert> kept = tracker.add(stepAt(4, 0.1f));
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->endUs - kept->startUs, 2000000);
}

TEST(AlertTracker, StopClosesTheOpenAlertAtTheLastStep)
{
    AlertTracker tracker({ 0.6f, 0.5f, 0 });
    EXPECT_FALSE(tracker.stop(AlertEnd::Stop));
    tracker.add(stepAt(0, 0.7f));
    tracker.add(stepAt(1, 0.8f));
    EXPECT_TRUE(tracker.didPeakChange());
    const std::optional<Alert> stopped = tracker.stop(AlertEnd::Stop);
    ASSERT_TRUE(stopped);
    EXPECT_EQ(stopped->closedBy, AlertEnd::Stop);
    EXPECT_EQ(stopped->endUs, 2000000);
    EXPECT_FALSE(tracker.isOpen());
}

TEST(AlertTracker, ShowsTheOpenAlertAsItGrowsAndSaysWhenTheStreamClosedIt)
{
    AlertTracker tracker({ 0.6f, 0.5f, 0 });
    EXPECT_FALSE(tracker.openAlert());
    tracker.add(stepAt(0, 0.7f));
    ASSERT_TRUE(tracker.openAlert());
    EXPECT_EQ(tracker.openAlert()->endUs, 1000000);
    tracker.add(stepAt(1, 0.9f));
    EXPECT_EQ(tracker.openAlert()->endUs, 2000000);
    EXPECT_FLOAT_EQ(tracker.openAlert()->peak.score, 0.9f);
    const std::optional<Alert> lost = tracker.stop(AlertEnd::StreamLost);
    ASSERT_TRUE(lost);
    EXPECT_EQ(lost->closedBy, AlertEnd::StreamLost);
    EXPECT_FALSE(tracker.openAlert());
}

TEST(DropOldestQueue, NeverBlocksAndDropsTheOldestWhenFull)
{
    DropOldestQueue<int> queue(2);
    EXPECT_FALSE(queue.push(1));
    EXPECT_FALSE(queue.push(2));
    EXPECT_EQ(queue.push(3).value_or(-1), 1);
    EXPECT_EQ(queue.pop().value_or(-1), 2);
    EXPECT_EQ(queue.pop().value_or(-1), 3);
    queue.close();
    EXPECT_EQ(queue.push(4).value_or(-1), 4);
    EXPECT_FALSE(queue.pop());
}

TEST(DropOldestQueue, StaysBoundedAndFreshUnderASlowConsumer)
{
    DropOldestQueue<int> queue(2);
    std::atomic<int> dropped { 0 };
    std::vector<int> consumed;
    std::thread consumer([&] {
        while (std::optional<int> item = queue.pop()) {
            consumed.push_back(*item);
            std::this_thread::sleep_for(std::chrono::milliseconds(20)); // the slow network
        }
    });
    for (int i = 0; i < 100; ++i) {
        if (queue.push(i))
            ++dropped;
        EXPECT_LE(queue.size(), 2u);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    queue.close();
    consumer.join();
    EXPECT_GT(dropped.load(), 50);
    EXPECT_EQ(static_cast<int>(consumed.size()) + dropped.load(), 100);
    // The last item pushed is never the one dropped: the consumer ends on the newest.
    ASSERT_FALSE(consumed.empty());
    EXPECT_EQ(consumed.back(), 99);
}

TEST(ReconnectBackoff, DoublesUpToTheMaximumAndRestartsAfterSuccess)
{
    ReconnectBackoff backoff(3000);
    EXPECT_EQ(backoff.nextDelayMs(), 500);
    EXPECT_EQ(backoff.nextDelayMs(), 1000);
    EXPECT_EQ(backoff.nextDelayMs(), 2000);
    EXPECT_EQ(backoff.nextDelayMs(), 3000);
    EXPECT_EQ(backoff.nextDelayMs(), 3000);
    backoff.succeeded();
    EXPECT_EQ(backoff.nextDelayMs(), 500);
}

TEST(RedactedUrl, HidesUserAndPasswordOnly)
{
    EXPECT_EQ(redactedUrl("rtsp://admin:s3cr@t@10.0.0.5:554/live?x=1"),
        "rtsp://***@10.0.0.5:554/live?x=1");
    // An '@' past the host cannot be told from a password with an unencoded '/': hidden whole.
    EXPECT_EQ(redactedUrl("http://user@host/a@b"), "http://***");
    EXPECT_EQ(redactedUrl("udp://127.0.0.1:1234"), "udp://127.0.0.1:1234");
    EXPECT_EQ(redactedUrl("/dev/video0"), "/dev/video0");
}

TEST(LiveSource, NamesUrlsAndCamerasAndRefusesFiles)
{
    std::string problem;
    const auto camera = media::liveSourceOf("camera:2", 1000, problem);
    ASSERT_TRUE(camera);
    EXPECT_EQ(camera->kind, media::SourceKind::Camera);
    EXPECT_EQ(camera->location, "/dev/video2");
    EXPECT_EQ(media::liveSourceOf("/dev/video0", 1000, problem)->kind, media::SourceKind::Camera);
    const auto url = media::liveSourceOf("srt://127.0.0.1:9000", 1500, problem);
    ASSERT_TRUE(url);
    EXPECT_EQ(url->kind, media::SourceKind::NetworkStream);
    EXPECT_EQ(url->timeoutMs, 1500);
    EXPECT_FALSE(media::liveSourceOf("video.mp4", 1000, problem));
    EXPECT_FALSE(media::liveSourceOf("file:///etc/passwd", 1000, problem));
    EXPECT_FALSE(media::liveSourceOf("/dev/sda", 1000, problem));
    EXPECT_NE(problem.find("not a live source"), std::string::npos);
}

} // namespace
