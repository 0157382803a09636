// live::takeRoundRobin: the network worker's fairness between cameras, on plain queues.

#include "core/live/round_robin.h"

#include <gtest/gtest.h>

#include <deque>
#include <map>

namespace {

using vigil::live::takeRoundRobin;

// A camera's queue as the worker sees it; `refill` items come back after each take (a camera
// whose stream always has the next snippet ready).
struct FakeSource {
    std::deque<int> items;
    bool isClosed = false;
    int refill = 0;
    int waitedMs = 0;
    std::optional<int> late; // comes once this source has been waited on for lateAfterMs
    int lateAfterMs = 0;

    bool isDone() const { return isClosed && items.empty() && !late; }
    std::optional<int> take(int waitMs)
    {
        if (items.empty() && late && waitedMs + waitMs >= lateAfterMs) {
            waitedMs = lateAfterMs;
            items.push_back(*late);
            late.reset();
        }
        if (items.empty()) {
            waitedMs += waitMs;
            return std::nullopt;
        }
        const int item = items.front();
        items.pop_front();
        for (int i = 0; i < refill; ++i)
            items.push_back(item);
        return item;
    }
};

std::vector<std::unique_ptr<FakeSource>> sources(size_t count)
{
    std::vector<std::unique_ptr<FakeSource>> made;
    for (size_t i = 0; i < count; ++i)
        made.push_back(std::make_unique<FakeSource>());
    return made;
}

TEST(RoundRobin, ABusyCameraGetsOneSnippetPerPassLikeEveryOther)
{
    auto cameras = sources(3);
    cameras[0]->items.assign(50, 0); // a flood
    cameras[1]->items = { 1 };
    cameras[1]->refill = 1;
    cameras[2]->items = { 2 };
    cameras[2]->refill = 1;
    std::map<size_t, int> served;
    for (size_t pass = 0; pass < 30; ++pass) {
        std::vector<std::pair<size_t, int>> batch;
        EXPECT_EQ(takeRoundRobin(cameras, pass % 3, batch, 10), 3u);
        EXPECT_EQ(batch.size(), 3u);
        EXPECT_EQ(batch.front().first, pass % 3); // each pass starts one camera further on
        for (const auto& [camera, item] : batch)
            ++served[camera];
    }
    EXPECT_EQ(served[0], 30);
    EXPECT_EQ(served[1], 30);
    EXPECT_EQ(served[2], 30);
    EXPECT_EQ(cameras[0]->items.size(), 20u); // the flood waits its turn, it takes no others'
}

TEST(RoundRobin, WaitsOnlyWhenNothingIsWaitingAndEndsWhenEveryCameraIsDone)
{
    auto cameras = sources(2);
    cameras[1]->items = { 7 };
    std::vector<std::pair<size_t, int>> batch;
    EXPECT_EQ(takeRoundRobin(cameras, 0, batch, 10), 2u);
    ASSERT_EQ(batch.size(), 1u);
    EXPECT_EQ(batch[0], std::make_pair(size_t { 1 }, 7));
    EXPECT_EQ(cameras[0]->waitedMs + cameras[1]->waitedMs, 0); // something came: no wait
    batch.clear();
    cameras[0]->isClosed = true; // its stream ended for good
    EXPECT_EQ(takeRoundRobin(cameras, 0, batch, 10), 1u);
    EXPECT_TRUE(batch.empty());
    EXPECT_EQ(cameras[1]->waitedMs, 10); // the wait is on the one open camera
    cameras[1]->isClosed = true;
    EXPECT_EQ(takeRoundRobin(cameras, 1, batch, 10), 0u);
}

// Virtual time: a camera whose snippet ends 15 ms after the others' joins their batch.
TEST(RoundRobin, APassWaitsUpToTheFillTimeForTheCamerasStillMissing)
{
    auto cameras = sources(3);
    cameras[0]->items = { 0 };
    cameras[1]->late = 1;
    cameras[1]->lateAfterMs = 15;
    cameras[2]->items = { 2 };
    std::vector<std::pair<size_t, int>> batch;
    EXPECT_EQ(takeRoundRobin(cameras, 0, batch, 10, 40), 3u);
    ASSERT_EQ(batch.size(), 3u);
    EXPECT_EQ(batch.back().first, 1u); // the late one, after those that were waiting
    EXPECT_EQ(cameras[1]->waitedMs, 15); // not the whole 40 ms
}

TEST(RoundRobin, TheFillWaitIsBoundedAndNeverSpentOnAFullPass)
{
    auto cameras = sources(3);
    cameras[0]->items = { 0 };
    cameras[1]->late = 1;
    cameras[1]->lateAfterMs = 1000; // its stream is stalled
    cameras[2]->late = 2;
    cameras[2]->lateAfterMs = 1000;
    std::vector<std::pair<size_t, int>> batch;
    EXPECT_EQ(takeRoundRobin(cameras, 0, batch, 10, 40), 3u);
    EXPECT_EQ(batch.size(), 1u); // goes on with what it has
    EXPECT_EQ(cameras[1]->waitedMs + cameras[2]->waitedMs, 40); // at most the fill time
    auto full = sources(2);
    full[0]->items = { 0 };
    full[1]->items = { 1 };
    batch.clear();
    EXPECT_EQ(takeRoundRobin(full, 0, batch, 10, 40), 2u);
    EXPECT_EQ(batch.size(), 2u);
    EXPECT_EQ(full[0]->waitedMs + full[1]->waitedMs, 0);
    // One camera: nothing to wait for.
    auto one = sources(1);
    one[0]->items = { 0 };
    batch.clear();
    EXPECT_EQ(takeRoundRobin(one, 0, batch, 10, 40), 1u);
    EXPECT_EQ(one[0]->waitedMs, 0);
}

} // namespace
