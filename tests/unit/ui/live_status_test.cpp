// What the live window says about its stream (LiveStatus, on times passed in, so nothing here
// waits) and how its alerts list shows an alert that is still open.

#include "ui/live/live_events_list.h"
#include "ui/live/live_status.h"

#include <gtest/gtest.h>

namespace vigil::ui {
namespace {

using Clock = LiveStatus::Clock;
using std::chrono::milliseconds;

const Clock::time_point kStart = Clock::now();

live::WatchStatus statusWithLag(int64_t lagMs, bool isAlertOpen = false)
{
    live::WatchStatus status;
    status.lagMs = lagMs;
    status.isAlertOpen = isAlertOpen;
    return status;
}

TEST(LiveStatus, SaysLiveWithTheLagAndTheAlertWhileFramesCome)
{
    LiveStatus status(kStart);
    EXPECT_EQ(status.text(kStart + milliseconds(3400)), "Connecting… (3 s)");
    status.frameShown(kStart + milliseconds(1000));
    status.stepScored(statusWithLag(800, true));
    EXPECT_EQ(status.text(kStart + milliseconds(1500)), "LIVE · lag 0.8 s · ALERT");
    EXPECT_FALSE(status.isStale(kStart + milliseconds(1500)));
    status.alertChanged(false); // it closed
    EXPECT_EQ(status.text(kStart + milliseconds(1500)), "LIVE · lag 0.8 s");
}

TEST(LiveStatus, SaysStaleWithTheTimeSinceTheLastFrameWhenFramesStop)
{
    LiveStatus status(kStart);
    status.frameShown(kStart + milliseconds(1000));
    status.stepScored(statusWithLag(500, true));
    const Clock::time_point later = kStart + milliseconds(1000) + LiveStatus::kStaleAfter;
    EXPECT_TRUE(status.isStale(later));
    EXPECT_EQ(status.text(later + milliseconds(2200)), "STALE · last frame 4.2 s ago · ALERT");
    status.frameShown(later + milliseconds(2200)); // the stream came back
    EXPECT_FALSE(status.isStale(later + milliseconds(2300)));
    EXPECT_TRUE(status.text(later + milliseconds(2300)).startsWith("LIVE · lag"));
}

TEST(LiveStatus, CountsDownToTheNextAttemptToOpenTheSource)
{
    LiveStatus status(kStart);
    live::RetryWait wait;
    wait.reason = "http://127.0.0.1:9/s.ts: Connection refused";
    wait.delayMs = 4000;
    status.retryWaiting(wait, kStart + milliseconds(100));
    EXPECT_TRUE(status.isWaitingToRetry(kStart + milliseconds(1200)));
    EXPECT_EQ(status.text(kStart + milliseconds(1200)),
        "Cannot open: http://127.0.0.1:9/s.ts: Connection refused · retrying in 3 s");
    EXPECT_FALSE(status.isWaitingToRetry(kStart + milliseconds(4200)));
    EXPECT_EQ(status.text(kStart + milliseconds(4200)),
        "Cannot open: http://127.0.0.1:9/s.ts: Connection refused · trying again…");
}

TEST(LiveStatus, CountsDownToTheReconnectionAfterADropAndForgetsItWhenFramesCome)
{
    LiveStatus status(kStart);
    status.frameShown(kStart + milliseconds(1000));
    status.stepScored(statusWithLag(500));
    live::RetryWait wait;
    wait.hasConnected = true;
    wait.reason = "the stream ended";
    wait.delayMs = 2000;
    status.retryWaiting(wait, kStart + milliseconds(1300));
    // Stale at once: the reader knows the stream is gone before two seconds pass.
    EXPECT_EQ(status.text(kStart + milliseconds(1500)),
        "STALE · last frame 0.5 s ago · reconnecting in 2 s");
    status.frameShown(kStart + milliseconds(3400));
    EXPECT_FALSE(status.isWaitingToRetry(kStart + milliseconds(3400)));
    EXPECT_EQ(status.text(kStart + milliseconds(3500)), "LIVE · lag 0.5 s");
}

live::Alert alertFrom(int64_t startUs, int64_t endUs, float peak)
{
    live::Alert alert;
    alert.startUs = startUs;
    alert.endUs = endUs;
    alert.peak.score = peak;
    return alert;
}

TEST(LiveEventsList, ListsTheOpenAlertAtOnceAndCompletesItWhenItCloses)
{
    LiveEventsList list;
    list.showOpenAlert(alertFrom(12500000, 13100000, 0.71f));
    ASSERT_EQ(list.count(), 1);
    EXPECT_EQ(list.item(0)->text(), "OPEN  12.5–13.1 s  peak 0.71");
    list.showOpenAlert(alertFrom(12500000, 15100000, 0.83f)); // it grew
    ASSERT_EQ(list.count(), 1);
    EXPECT_EQ(list.item(0)->text(), "OPEN  12.5–15.1 s  peak 0.83");
    live::EventRecord event;
    event.id = 3;
    event.alert = alertFrom(12500000, 15100000, 0.83f);
    event.alert.closedBy = live::AlertEnd::StreamLost;
    list.addAlert(event);
    list.clearOpenAlert(); // the session says it is no longer open after it wrote it
    ASSERT_EQ(list.count(), 1);
    EXPECT_EQ(list.item(0)->text(), "#3  12.5–15.1 s  peak 0.83  (stream lost)");
    EXPECT_FALSE(list.hasOpenAlert());
    // At its narrowest the list still shows a long alert's whole line beside its thumbnail.
    event.id = 128;
    event.alert = alertFrom(4012500000, 4015100000, 0.99f);
    EXPECT_GE(list.minimumWidth(),
        list.iconSize().width() + list.fontMetrics().horizontalAdvance(liveAlertText(event)) + 16);
}

TEST(LiveEventsList, DropsAnOpenAlertThatClosedAsABlip)
{
    LiveEventsList list;
    live::EventRecord earlier;
    earlier.id = 1;
    earlier.alert = alertFrom(1000000, 4000000, 0.9f);
    list.addAlert(earlier);
    list.showOpenAlert(alertFrom(9000000, 9600000, 0.65f));
    EXPECT_EQ(list.count(), 2);
    list.clearOpenAlert(); // shorter than --min-duration: never written
    ASSERT_EQ(list.count(), 1);
    EXPECT_EQ(list.item(0)->text(), "#1  1.0–4.0 s  peak 0.90");
}

} // namespace
} // namespace vigil::ui
