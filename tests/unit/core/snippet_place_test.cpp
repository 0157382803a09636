// One rule for where a snippet is: its frames, and times from the frames' own timestamps.

#include "core/analysis/snippet_place.h"

#include <gtest/gtest.h>

namespace vigil::analysis {
namespace {

TEST(SnippetPlace, GivesSixteenFramesAndTheirTimesFromTheTimestamps)
{
    // 40 frames at 10 fps that start at 3 s: times count from the first frame.
    std::vector<int64_t> ptsUs;
    for (int64_t frame = 0; frame < 40; ++frame)
        ptsUs.push_back(3'000'000 + frame * 100'000);
    const SnippetPlace place = snippetPlace(1, 16, 2, 40, ptsUs, 25.0);
    EXPECT_EQ(place.firstFrame, 16);
    EXPECT_EQ(place.lastFrame, 39); // the last step keeps the frames after its 16
    EXPECT_NEAR(place.startS, 1.6, 1e-9);
    EXPECT_NEAR(place.endS, 4.0, 1e-9); // one frame after frame 39
    const SnippetPlace first = snippetPlace(0, 16, 2, 40, ptsUs, 25.0);
    EXPECT_EQ(first.lastFrame, 15);
    EXPECT_NEAR(first.endS, 1.6, 1e-9);
}

TEST(SnippetPlace, FallsBackOnTheFrameRateWithoutTimestamps)
{
    const SnippetPlace place = snippetPlace(4, 16, 10, 0, {}, 10.0);
    EXPECT_EQ(place.firstFrame, 64);
    EXPECT_EQ(place.lastFrame, 79);
    EXPECT_NEAR(place.startS, 6.4, 1e-9);
    EXPECT_NEAR(place.endS, 8.0, 1e-9);
}

TEST(SnippetPlace, WritesTimesWithTenths)
{
    EXPECT_EQ(formatSnippetTime(7.24), "0:07.2");
    EXPECT_EQ(formatSnippetTime(65.46), "1:05.5");
    EXPECT_EQ(formatSnippetTime(3725.0), "1:02:05.0");
    EXPECT_EQ(formatSnippetTime(-1.0), "0:00.0");
}

} // namespace
} // namespace vigil::analysis
