// secondsSinceProcessStart (core/common/process_age.h): the start time read from a /proc stat
// line, whatever the command name holds, and this process's own age.

#include "core/common/process_age.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace vigil {
namespace {

TEST(ProcessAge, ReadsTheStartTimeFieldEvenWithSpacesAndParenthesesInTheName)
{
    const char* line = "13823 (vigil (x) y) R 13817 13817 1303 0 -1 4194304 125 0 0 0 0 0 0 0 "
                       "20 0 1 0 88546 3133440 393 18446744073709551615\n";
    EXPECT_EQ(startTicksOfStatLine(line), 88546);
}

TEST(ProcessAge, RefusesALineWithoutTheField)
{
    EXPECT_EQ(startTicksOfStatLine("13823 (cat) R 1 2 3"), std::nullopt);
    EXPECT_EQ(startTicksOfStatLine("no name here"), std::nullopt);
    EXPECT_EQ(
        startTicksOfStatLine("1 (a) R 1 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 -5 1"), std::nullopt);
}

TEST(ProcessAge, GrowsWithTheProcess)
{
    const std::optional<double> before = secondsSinceProcessStart();
    ASSERT_TRUE(before.has_value());
    EXPECT_GE(*before, -0.02); // ticks are 10 ms
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const std::optional<double> after = secondsSinceProcessStart();
    ASSERT_TRUE(after.has_value());
    EXPECT_GT(*after, *before);
}

} // namespace
} // namespace vigil
