// readProcessMemory (core/common/process_memory.h): the /proc fields --profile reports, parsed
// from the kernel's own line format, and this process's real peak.

#include "core/common/process_memory.h"

#include <gtest/gtest.h>

#include <vector>

namespace vigil {
namespace {

TEST(ProcessMemory, ReadsAFieldInKibibytes)
{
    const char* status = "Name:\tvigil-program\nVmPeak:\t 2048000 kB\nVmHWM:\t  546308 kB\n";
    EXPECT_EQ(kibOfField(status, "VmHWM"), 546308);
    EXPECT_EQ(kibOfField("Rss: 10 kB\nAnonHugePages:    309248 kB\n", "AnonHugePages"), 309248);
}

TEST(ProcessMemory, RefusesAMissingOrMalformedField)
{
    EXPECT_EQ(kibOfField("VmHWMx:  5 kB\n", "VmHWM"), std::nullopt);
    EXPECT_EQ(kibOfField("VmHWM:  five kB\n", "VmHWM"), std::nullopt);
    EXPECT_EQ(kibOfField("VmHWM:  5 MB\n", "VmHWM"), std::nullopt);
    EXPECT_EQ(kibOfField("", "VmHWM"), std::nullopt);
}

TEST(ProcessMemory, SaysOnlyWhatTheKernelGave)
{
    EXPECT_EQ(formatMemory({ 546308, 309248 }),
        "  memory: peak 534 MiB resident, 302 MiB on transparent huge pages now\n");
    EXPECT_EQ(formatMemory({ 546308, std::nullopt }), "  memory: peak 534 MiB resident\n");
    EXPECT_EQ(formatMemory({}), "");
}

TEST(ProcessMemory, ReadsThisProcesssPeak)
{
    std::vector<char> touched(64 << 20, 1); // 64 MiB, every page written
    const std::optional<int64_t> peak = readProcessMemory().peakResidentKib;
    ASSERT_TRUE(peak.has_value());
    EXPECT_GE(*peak, 64 * 1024) << int { touched.back() };
}

} // namespace
} // namespace vigil
