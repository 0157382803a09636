// Runs the real vigil with a --classifier that exists but is no regular file (a folder, a FIFO,
// a character device): each is called what it is, in one line, never "no such file", and
// nothing blocks on opening it.

#include "tests/support/non_regular_files.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

namespace vigil::test {
namespace {

const std::string kVigil = vigilExecutable();

TEST(ClassifierArgument, AFolderAFifoOrADeviceIsNotARegularFileRatherThanMissing)
{
    const std::string dir = scratchDir("classifier_argument");
    const std::string fifo = makeFifo(dir, "weights.pth");
    ASSERT_FALSE(fifo.empty()) << "mkfifo failed";
    const FifoWatchdog watchdog(fifo); // a reader that blocks on it is let go, and fails here
    for (const std::string& path : { dir, fifo, std::string("/dev/zero") }) {
        SCOPED_TRACE(path);
        const CommandResult run = runCommand("timeout -s KILL 60 " + kVigil + " score "
            + shellQuoted(dir + "/x.npy") + " --classifier " + shellQuoted(path));
        EXPECT_EQ(run.exitCode, 2) << run.output;
        EXPECT_EQ(run.output, "vigil: " + path + ": not a regular file\n");
    }
}

} // namespace
} // namespace vigil::test
