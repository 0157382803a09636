// --precision bf16 runs only where the CPU has native bfloat16 instructions; elsewhere it is
// refused in one sentence (core/tuning/precision_check.h), from the flags of /proc/cpuinfo.

#include "core/common/ignored_files.h"
#include "core/tuning/precision_check.h"
#include "tests/support/non_regular_files.h"
#include "tests/support/scoped_environment.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

namespace vigil::tuning {
namespace {

constexpr const char* kEpycAvx512 = "processor\t: 0\nmodel name\t: AMD EPYC 9R14\n"
                                    "flags\t\t: fpu sse2 avx2 fma avx512f avx512_bf16 avx512vl\n";
constexpr const char* kSapphireRapids = "model name\t: Intel(R) Xeon(R) Platinum 8488C\n"
                                        "flags\t\t: avx2 avx512f amx_bf16 amx_tile avx512_bf16\n";
constexpr const char* kAvx2Only = "model name\t: AMD EPYC 7571\nflags\t\t: fpu sse2 avx2 fma\n";
// avx512_bf16's prefix alone is not the flag.
constexpr const char* kLookalike = "model name\t: X\nflags\t\t: avx512f avx512_bf16x amx_bf\n";

TEST(PrecisionCheck, ReadsTheNativeBfloat16FlagsOfCpuinfo)
{
    EXPECT_EQ(parseCpuInfo(kEpycAvx512).bf16Flags, "avx512_bf16");
    EXPECT_EQ(parseCpuInfo(kSapphireRapids).bf16Flags, "avx512_bf16 amx_bf16");
    EXPECT_EQ(parseCpuInfo(kAvx2Only).bf16Flags, "");
    EXPECT_EQ(parseCpuInfo(kLookalike).bf16Flags, "");
}

TEST(PrecisionCheck, Bf16RunsWithNativeInstructionsOnly)
{
    EXPECT_EQ(precisionProblem(Precision::Bf16, parseCpuInfo(kEpycAvx512), ComputeDevice::Cpu), "");
    EXPECT_EQ(
        precisionProblem(Precision::Bf16, parseCpuInfo(kSapphireRapids), ComputeDevice::Cpu), "");
    const std::string refused
        = precisionProblem(Precision::Bf16, parseCpuInfo(kAvx2Only), ComputeDevice::Cpu);
    EXPECT_NE(refused.find("AMD EPYC 7571"), std::string::npos) << refused;
    EXPECT_NE(refused.find("no native bfloat16"), std::string::npos) << refused;
    EXPECT_EQ(refused.find("--"), std::string::npos) << "no command-line words: " << refused;
    EXPECT_EQ(precisionOptionError(Precision::Bf16, refused, ComputeDevice::Cpu),
        "--precision bf16: " + refused + "; use --precision fp32");
    EXPECT_EQ(precisionOptionError(Precision::Bf16, "x", ComputeDevice::Cuda),
        "--precision bf16: x; use --precision fp32 with --device cuda");
    EXPECT_EQ(refused.find('\n'), std::string::npos) << "one line";
    EXPECT_NE(
        precisionProblem(Precision::Bf16, parseCpuInfo(kEpycAvx512), ComputeDevice::Cuda), "");
}

TEST(PrecisionCheck, Fp32RunsEverywhere)
{
    EXPECT_EQ(precisionProblem(Precision::Fp32, parseCpuInfo(kAvx2Only), ComputeDevice::Cpu), "");
    EXPECT_EQ(precisionProblem(Precision::Fp32, parseCpuInfo(""), ComputeDevice::Cuda), "");
}

// Issue 40 item 5: the file VIGIL_CPUINFO names is an input like any other. A FIFO is never
// waited on (the watchdog would fail the test), /dev/zero is not read until memory runs out, a
// folder is no CPU; each is reported once as ignored, and a huge file costs its first MiB only.
TEST(PrecisionCheck, TheCpuinfoFileTheEnvironmentNamesIsReadWithBounds)
{
    const std::string dir = test::scratchDir("cpuinfo-inputs");
    std::vector<std::string> reports;
    setIgnoredFileSink([&](const std::string& file, const std::string& problem) {
        reports.push_back(file + ": " + problem);
    });
    for (const test::NonRegularInput& input : test::nonRegularInputs(dir, "cpuinfo")) {
        const test::FifoWatchdog watchdog(input.path);
        const test::ScopedEnvironment saved("VIGIL_CPUINFO", input.path);
        const CpuInfo info = readCpuInfo();
        EXPECT_EQ(info.model, "unknown CPU") << input.path;
        EXPECT_EQ(info.bf16Flags, "") << input.path;
        ASSERT_FALSE(reports.empty()) << input.path;
        EXPECT_EQ(reports.back(), input.path + ": " + input.kind);
    }
    const std::string huge = dir + "/huge-cpuinfo";
    {
        std::ofstream out(huge);
        out << kEpycAvx512;
        const std::string filler(1 << 20, 'x');
        for (int i = 0; i < 3; ++i)
            out << filler << '\n';
    }
    const test::ScopedEnvironment saved("VIGIL_CPUINFO", huge);
    EXPECT_EQ(readCpuInfo().model, "AMD EPYC 9R14");
    EXPECT_EQ(readCpuInfo().bf16Flags, "avx512_bf16");
    setIgnoredFileSink({});
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace vigil::tuning
