#include "core/common/count_limits.h"
#include "core/common/defaults.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>

namespace vigil {
namespace {

TEST(CountLimits, ThreadsAndJobsAreBoundedByTheCores)
{
    const int64_t cores = coreCount();
    EXPECT_GE(cores, 1);
    EXPECT_EQ(cores, std::max<int64_t>(1, std::thread::hardware_concurrency()));
    EXPECT_EQ(countProblem("0", bounds::threads()), "");
    EXPECT_EQ(countProblem(std::to_string(cores), bounds::threads()), "");
    EXPECT_EQ(countProblem(std::to_string(cores + 1), bounds::jobs()),
        std::to_string(cores + 1) + " is more than this machine's " + std::to_string(cores)
            + " cores (0: automatic)");
    EXPECT_EQ(countProblem("0", bounds::jobs()), ""); // automatic
    EXPECT_EQ(countProblem("-1", bounds::jobs()),
        "-1 is not a whole number from 0 to " + std::to_string(cores));
}

TEST(CountLimits, RefusesWhatIsNoWholeNumberAndCutsAHugeOneShort)
{
    for (const char* text : { "", " 3", "3 ", "+3", "3.0", "1e3", "abc", "0x10" })
        EXPECT_NE(countProblem(text, bounds::steps()), "") << text;
    const std::string problem = countProblem(std::string(310, '9'), bounds::steps());
    EXPECT_EQ(problem, std::string(24, '9') + "... is not a whole number from 1 to 1000000");
}

TEST(CountLimits, NumbersMustBeFiniteAndInRange)
{
    for (const char* text : { "nan", "inf", "-inf", "1.5", "-0.1", "", "0.5x" })
        EXPECT_NE(numberProblem(text, bounds::threshold()), "") << text;
    EXPECT_EQ(numberProblem("0", bounds::threshold()), "");
    EXPECT_EQ(numberProblem("1", bounds::threshold()), "");
    EXPECT_EQ(numberProblem("0", bounds::fps()), "0 is not a number above 0 up to 1000");
}

TEST(CountLimits, MemoryBeyondHalfTheMachineIsRefused)
{
    const uint64_t memory = physicalMemoryBytes();
    ASSERT_GT(memory, 0u);
    EXPECT_EQ(memoryProblem(memory / 4, "x"), "");
    EXPECT_NE(
        memoryProblem(memory, "24 GB of frame scores").find("more than half of this machine's"),
        std::string::npos);
}

// The one table of defaults offers nothing its own bounds refuse: a front end that starts from
// a default can always pass it to the CLI.
TEST(Defaults, EveryDefaultLiesWithinItsBound)
{
    const auto expectCount = [](int64_t value, const CountBound& bound) {
        SCOPED_TRACE(value);
        EXPECT_EQ(countProblem(std::to_string(value), bound), "");
    };
    const auto expectNumber = [](double value, const NumberBound& bound) {
        SCOPED_TRACE(value);
        EXPECT_EQ(numberProblem(std::to_string(value), bound), "");
    };
    expectCount(defaults::kThreads, bounds::threads());
    expectCount(defaults::kJobs, bounds::jobs());
    expectCount(defaults::kWindowSteps, bounds::steps());
    expectCount(defaults::kStrideSteps, bounds::steps());
    expectCount(defaults::kFrameStep, bounds::frameStep());
    expectCount(defaults::kSnippetFrames, bounds::snippetFrames());
    expectCount(defaults::kExplainTopSteps, bounds::steps());
    expectNumber(defaults::kThreshold, bounds::threshold());
    expectNumber(defaults::kAlertOn, bounds::threshold());
    expectNumber(defaults::kAlertOff, bounds::threshold());
    EXPECT_LE(defaults::kAlertOff, defaults::kAlertOn) << "hysteresis: off at or below on";
    EXPECT_LE(defaults::kStrideSteps, defaults::kWindowSteps) << "no step left unscored";
}

} // namespace
} // namespace vigil
