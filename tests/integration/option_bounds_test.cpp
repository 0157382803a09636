// The real vigil executable with absurd options, end to end: the refusal reaches the shell as one
// line and exit 2, and a value within bounds runs. Every option's bound is tested in-process
// (tests/unit/app/option_bounds_test.cpp), without a process per case.

#include "core/common/count_limits.h"
#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <string>

namespace vigil::test {
namespace {

const std::string kVigil = vigilExecutable();
// A refusal takes well under a second; a value that is acted on (30,000 threads) takes far
// longer and is stopped here instead of hanging the suite.
const std::string kTimeout = "timeout -s KILL 60 ";

TEST(OptionBoundsLaunched, RefusesInOneLineAndRunsWithAsManyThreadsAsTheMachineHas)
{
    const std::string dir = scratchDir("option_bounds");
    const std::string features = dir + "/clip.npy";
    files::writeNpy(features, FloatArray::zeros({ 4, 1, 2048 }));
    const std::string out = " -q -o " + shellQuoted(dir + "/out");

    const CommandResult refused = runCommand(kTimeout + kVigil + " score " + shellQuoted(features)
        + " --demo-weights --threads 100000" + out);
    EXPECT_EQ(refused.exitCode, 2) << refused.output;
    EXPECT_EQ(refused.output.rfind("vigil: --threads: ", 0), 0u) << refused.output;
    EXPECT_EQ(refused.output.find('\n'), refused.output.size() - 1) << refused.output;

    const CommandResult allCores = runCommand(kTimeout + kVigil + " score " + shellQuoted(features)
        + " --demo-weights --threads " + std::to_string(coreCount()) + out);
    EXPECT_EQ(allCores.exitCode, 0) << allCores.output;
}

TEST(OptionBoundsLaunched, ParseErrorsAreOneLineWithThePrefix)
{
    const CommandResult run = runCommand(kVigil + " analyze");
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(run.output, "vigil: videos is required\n");
}

} // namespace
} // namespace vigil::test
