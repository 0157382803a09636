// Live detectors (core/live/rolling_detectors.h): the newest step scored on the span of recent
// steps, as the file primitive scores that span; gaps left out; a new stream starts afresh.
// And their columns in the watch's scores.csv.

#include "core/common/error.h"
#include "core/live/rolling_detectors.h"
#include "core/live/scores_csv.h"
#include "tests/support/fake_detector.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

namespace vigil::live {
namespace {

// [crops, 3] of one live step whose feature 0 is `value` in every crop.
FloatArray stepOf(float value, int64_t crops = 1)
{
    FloatArray step = FloatArray::zeros({ crops, 3 });
    for (int64_t c = 0; c < crops; ++c)
        step.values[static_cast<size_t>(c * 3)] = value;
    return step;
}

std::vector<analysis::SelectedDetector> fake(std::shared_ptr<test::FakeDetector> detector)
{
    return { { DetectorKind::Rtfm, std::move(detector), {} } };
}

TEST(RollingDetectors, ScoresTheNewestStepOnTheSpanOfRecentSteps)
{
    auto detector = std::make_shared<test::FakeDetector>();
    RollingDetectors rolling(fake(detector), 3);
    for (int t = 0; t < 5; ++t) {
        const std::vector<float> scores = rolling.push(stepOf(static_cast<float>(t)));
        ASSERT_EQ(scores.size(), 1u);
        EXPECT_FLOAT_EQ(scores[0], t / 100.0f);
    }
    // The span grows to 3 steps and stays there.
    EXPECT_EQ(detector->seenShapes.front(), (std::vector<int64_t> { 1, 1, 3 }));
    EXPECT_EQ(detector->seenShapes.back(), (std::vector<int64_t> { 1, 3, 3 }));
}

// Issue 40 item 7: a detector that cannot score (here one whose scores are infinite, as a
// damaged checkpoint's NaN) costs its own column once, with one line, and never the watch.
TEST(RollingDetectors, ADetectorThatFailsLeavesItsColumnEmptyAndTheOthersScoring)
{
    auto working = std::make_shared<test::FakeDetector>();
    auto broken = std::make_shared<test::FakeDetector>(0.0f);
    RollingDetectors rolling(
        { { DetectorKind::Rtfm, working, {} }, { DetectorKind::Mgfn, broken, {} } }, 3);
    for (int t = 1; t <= 3; ++t) {
        const std::vector<float> scores = rolling.push(stepOf(static_cast<float>(t)));
        ASSERT_EQ(scores.size(), 2u);
        EXPECT_FLOAT_EQ(scores[0], t / 100.0f);
        EXPECT_TRUE(std::isnan(scores[1]));
        const std::vector<std::string> failures = rolling.takeFailures();
        if (t == 1) {
            ASSERT_EQ(failures.size(), 1u);
            EXPECT_EQ(failures[0].rfind("mgfn stopped: ", 0), 0u) << failures[0];
        } else {
            EXPECT_TRUE(failures.empty());
        }
    }
    EXPECT_EQ(broken->seenShapes.size(), 1u) << "not run again after it failed";
    const std::string dir = test::scratchDir("rolling_failed_column");
    {
        ScoresCsv csv(dir, { "rtfm", "mgfn" });
        csv.append(1'000'000, 0, 0.5f, { 0.25f, std::numeric_limits<float>::quiet_NaN() });
    }
    std::ifstream in(dir + "/scores.csv");
    std::string header, row;
    std::getline(in, header);
    std::getline(in, row);
    EXPECT_EQ(row.substr(row.size() - 10), ",0.250000,") << row;
}

TEST(RollingDetectors, LeavesGapsOutAndStartsAfreshOnANewStream)
{
    auto detector = std::make_shared<test::FakeDetector>();
    RollingDetectors rolling(fake(detector), 3);
    rolling.push(stepOf(1.0f));
    rolling.pushGap();
    rolling.push(stepOf(2.0f));
    EXPECT_EQ(detector->seenShapes.back(), (std::vector<int64_t> { 1, 2, 3 }));
    rolling.reset();
    rolling.push(stepOf(3.0f));
    EXPECT_EQ(detector->seenShapes.back(), (std::vector<int64_t> { 1, 1, 3 }));
}

TEST(RollingDetectors, ScoresNothingWithoutDetectors)
{
    RollingDetectors rolling({}, 3);
    EXPECT_TRUE(rolling.isEmpty());
    EXPECT_TRUE(rolling.push(stepOf(1.0f)).empty());
}

TEST(RollingDetectors, RefusesAScoreOutsideZeroToOne)
{
    RollingDetectors rolling(fake(std::make_shared<test::FakeDetector>(1.0f)), 3);
    EXPECT_TRUE(std::isnan(rolling.push(stepOf(2.0f)).at(0))) << "never shown as a score";
    const std::vector<std::string> failures = rolling.takeFailures();
    ASSERT_EQ(failures.size(), 1u);
    EXPECT_NE(failures[0].find("rtfm stopped: "), std::string::npos) << failures[0];
}

TEST(LiveScoresCsv, HasAColumnPerDetectorAndRefusesAFileOfOtherColumns)
{
    const std::string dir = test::scratchDir("live_detector_columns");
    {
        ScoresCsv scores(dir, { "rtfm" });
        scores.append(640000, 0, 0.5f, { 0.25f });
        scores.append(1280000, 0, std::nullopt, {});
    }
    std::ifstream in(dir + "/scores.csv");
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(),
        "stream_time_s,wall_time,score,rtfm\n"
        "0.640,1970-01-01T00:00:00.000Z,0.500000,0.250000\n"
        "1.280,1970-01-01T00:00:00.000Z,,\n");
    EXPECT_THROW(ScoresCsv(dir, {}), IoError);
    EXPECT_NO_THROW(ScoresCsv(dir, { "rtfm" }));
}

} // namespace
} // namespace vigil::live
