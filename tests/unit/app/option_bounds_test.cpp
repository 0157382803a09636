// The command line with absurd numeric options, run in-process (tests/support/in_process_cli.h):
// each is refused before anything starts or is allocated from it, with exit 2 and one short
// line "vigil: <option>: <why>". tests/integration/option_bounds_test.cpp launches the real
// executable for a few of them.

#include "core/common/count_limits.h"
#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace vigil::test {
namespace {

void expectRefusedInOneLine(const std::vector<std::string>& arguments, const std::string& option)
{
    std::string line;
    for (const std::string& word : arguments)
        line += word + " ";
    SCOPED_TRACE(line);
    const InProcessResult run = runInProcess(arguments);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_EQ(run.out, "");
    EXPECT_EQ(run.err.rfind("vigil: " + option + ": ", 0), 0u) << run.err;
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
    EXPECT_LT(run.err.size(), 160u) << run.err; // no 310-digit bound
}

std::vector<std::string> operator+(
    std::vector<std::string> first, const std::vector<std::string>& second)
{
    first.insert(first.end(), second.begin(), second.end());
    return first;
}

TEST(OptionBounds, RefusesThreadsJobsAndFramesBeyondTheMachineBeforeUsingThem)
{
    const std::string dir = scratchDir("option_bounds_in_process");
    const std::string features = dir + "/clip.npy";
    files::writeNpy(features, FloatArray::zeros({ 4, 1, 2048 }));
    ASSERT_TRUE(makeClip(dir + "/clip.mp4", "testsrc=size=64x48:rate=25", 20));
    const std::vector<std::string> out { "-q", "-o", dir + "/out" };
    const std::string tooMany = std::to_string(coreCount() + 1);

    for (const std::string threads : { "100000", "1000", tooMany.c_str() })
        expectRefusedInOneLine(
            std::vector<std::string> { "score", features, "--demo-weights", "--threads", threads }
                + out,
            "--threads");
    expectRefusedInOneLine(std::vector<std::string> { "score", features, "--demo-weights",
                               "--snippet-frames", "100000000" }
            + out,
        "--snippet-frames");
    for (const std::string jobs : { "1000", tooMany.c_str() })
        expectRefusedInOneLine(
            std::vector<std::string> { "batch", dir, "--demo-weights", "--jobs", jobs } + out,
            "--jobs");
}

struct AbsurdValue {
    std::string command; // the subcommand and whatever it needs to reach its options
    std::string option;
    std::string value;
};

// Every numeric option of every subcommand, each with a value it must refuse.
std::vector<AbsurdValue> absurdValues()
{
    const std::string huge(310, '9');
    std::vector<AbsurdValue> values;
    // Each command once; the kinds of absurd value on one, since they share one check.
    for (const std::string command :
        { "analyze x.mp4", "features x.mp4", "explain x.npy", "gui", "batch . -o out" })
        values.push_back({ command, "--frame-step", "0" });
    for (const std::string command : { "analyze x.mp4", "features x.mp4", "score x.npy",
             "explain x.npy", "gui", "batch . -o out", "eval --features-dir . --gt /dev/null" })
        values.push_back({ command, "--threads", "100000" });
    for (const std::string command : { "analyze x.mp4", "score x.npy", "gui", "batch . -o out" })
        values.push_back({ command, "--window", "0" });
    for (const std::string value : { "-1", huge.c_str(), "1e300", "2.5", "abc" })
        values.push_back({ "analyze x.mp4", "--threads", value });
    values.push_back({ "analyze x.mp4", "--frame-step", huge });
    values.push_back({ "analyze x.mp4", "--window", huge });
    values.push_back({ "analyze x.mp4", "--stride", "-3" });
    for (const std::string command :
        { "score x.npy", "explain x.npy", "eval --features-dir . --gt /dev/null" })
        values.push_back({ command, "--snippet-frames", "100000000" });
    values.push_back({ "score x.npy", "--fps", "nan" });
    values.push_back({ "score x.npy", "--fps", "inf" });
    values.push_back({ "score x.npy", "--fps", "0" });
    values.push_back({ "batch . -o out", "--jobs", "-1" });
    values.push_back({ "batch . -o out", "--jobs", "1000" });
    values.push_back({ "batch . -o out", "--threshold", "nan" });
    values.push_back({ "batch . -o out", "--threshold", "1.5" });
    values.push_back({ "explain x.npy", "--at", "-1" });
    values.push_back({ "explain x.npy", "--window", "0" });
    values.push_back({ "explain x.npy", "--stride", huge });
    values.push_back({ "explain x.npy", "--crop", "10" });
    values.push_back({ "explain x.npy", "--top", "0" });
    values.push_back({ "eval --features-dir . --gt /dev/null", "--split", "0" });
    values.push_back({ "eval --features-dir . --gt /dev/null", "--split", huge });
    const std::string train = "train --labels /dev/null -o x.pth";
    for (const auto& [option, value] :
        std::vector<std::pair<std::string, std::string>> { { "--da", "100000000" }, { "--r", "0" },
            { "--epochs", huge }, { "--epochs", "0" }, { "--folds", "1" }, { "--folds", "1000" },
            { "--batch", "10000000" }, { "--lr", "nan" }, { "--lr", "-1" }, { "--val-every", "-1" },
            { "--threads", "0" }, { "--threads", "100000" } })
        values.push_back({ train, option, value });
    values.push_back({ "train --list /dev/null -o x.pth", "--anomalous-first", "-1" });
    const std::string watch = "watch udp://127.0.0.1:9";
    for (const auto& [option, value] :
        std::vector<std::pair<std::string, std::string>> { { "--window", "0" }, { "--on", "1.5" },
            { "--off", "nan" }, { "--timeout", "0" }, { "--pre", "-1" }, { "--post", huge },
            { "--min-duration", "inf" }, { "--reconnect-max-delay", "-2" },
            { "--give-up-after", "1e300" }, { "--threads", "100000" } })
        values.push_back({ watch, option, value });
    return values;
}

TEST(OptionBounds, EveryNumericOptionOfEveryCommandRefusesAbsurdValuesInOneLine)
{
    for (const AbsurdValue& absurd : absurdValues())
        expectRefusedInOneLine(
            words(absurd.command) + std::vector<std::string> { absurd.option, absurd.value },
            absurd.option);
}

TEST(OptionBounds, ParseErrorsAreOneLineWithThePrefix)
{
    const InProcessResult run = runInProcess({ "analyze" });
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_EQ(run.err, "vigil: videos is required\n");
    const InProcessResult unknown = runInProcess({ "analyze", "x.mp4", "--no-such-option" });
    EXPECT_EQ(unknown.exitCode, 2) << unknown.err;
    EXPECT_EQ(unknown.err.rfind("vigil: ", 0), 0u) << unknown.err;
    EXPECT_EQ(unknown.err.find('\n'), unknown.err.size() - 1) << unknown.err;
}

TEST(OptionBounds, SweepValuesAreBoundedAsDaAndR)
{
    const InProcessResult run = runInProcess(
        { "train", "--labels", "/dev/null", "--sweep", "da=64,100000000", "-o", "x.pth" });
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_EQ(
        run.err.rfind("vigil: --sweep da: 100000000 is not a whole number from 1 to 4096", 0), 0u)
        << run.err;
}

} // namespace
} // namespace vigil::test
