// The one place where what escapes a command becomes an exit code (app::runGuarded,
// app/command.h): a cancel is 130, a usage error 2, any other failure 1, each said in one line
// on stderr. And through the real command line: a cancel inside a command's loop over its
// inputs stops the loop and reaches that mapping, instead of counting as one input's failure.

#include "app/command.h"
#include "core/common/error.h"
#include "core/common/float_array.h"
#include "core/files/npy_file.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/in_process_shell.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <new>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;

// A command whose run is the test's function.
class FakeCommand final : public app::Command {
public:
    explicit FakeCommand(std::function<int()> run)
        : run_(std::move(run))
    {
    }
    bool isParsed() const override { return true; }
    int run(const CancellationToken&) const override { return run_(); }

private:
    std::function<int()> run_;
};

struct Guarded {
    int exitCode = -1;
    std::string err; // what runGuarded printed on stderr
};

bool endsWith(const std::string& text, const std::string& end)
{
    return text.size() >= end.size()
        && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

Guarded runGuarded(std::function<int()> run)
{
    const FakeCommand command(std::move(run));
    const CancellationToken cancel;
    std::fflush(nullptr);
    detail::CapturedDescriptor err(STDERR_FILENO);
    Guarded guarded;
    guarded.exitCode = app::runGuarded(command, cancel);
    std::fflush(nullptr);
    guarded.err = err.text();
    return guarded;
}

// The codes are written out, not taken from exit_codes.h: they are documented (vigil --help),
// so a change of the enum must fail here too.
TEST(RunGuarded, ACancelExits130SayingCancelledInOneLine)
{
    const Guarded run = runGuarded([]() -> int { throw Cancelled(); });
    EXPECT_EQ(run.exitCode, 130);
    EXPECT_EQ(run.err, "vigil: cancelled\n");
}

TEST(RunGuarded, ACancelWithACommandsWordsSaysThoseInstead)
{
    const Guarded run = runGuarded([]() -> int {
        throw app::CancelledWithMessage("a-model: cancelled (run the command again to resume)");
    });
    EXPECT_EQ(run.exitCode, 130);
    EXPECT_EQ(run.err, "vigil: a-model: cancelled (run the command again to resume)\n");
}

TEST(RunGuarded, AUsageErrorExits2InOneLine)
{
    const Guarded run
        = runGuarded([]() -> int { throw app::UsageError("labels.csv: only one label"); });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err, "vigil: labels.csv: only one label\n");
}

TEST(RunGuarded, AnErrorOrAnyOtherExceptionExits1InOneLine)
{
    const Guarded error = runGuarded([]() -> int { throw IoError("a.npy: truncated"); });
    EXPECT_EQ(error.exitCode, 1);
    EXPECT_EQ(error.err, "vigil: a.npy: truncated\n");
    const Guarded other = runGuarded([]() -> int { throw std::runtime_error("disk full"); });
    EXPECT_EQ(other.exitCode, 1);
    EXPECT_EQ(other.err, "vigil: disk full\n");
    const Guarded memory = runGuarded([]() -> int { throw std::bad_alloc(); });
    EXPECT_EQ(memory.exitCode, 1);
    EXPECT_EQ(memory.err, "vigil: std::bad_alloc\n");
}

TEST(RunGuarded, TheRunsOwnExitCodeIsPassedOnAndNothingIsSaid)
{
    for (const int code : { 0, 1, 2, 3, 130 }) {
        SCOPED_TRACE(code);
        const Guarded run = runGuarded([code] { return code; });
        EXPECT_EQ(run.exitCode, code);
        EXPECT_EQ(run.err, "");
    }
}

// score has no cancel check of its own inside an input: the one after each input stops the
// rest, and the files scored before it are kept.
TEST(CancelledCommand, ScoreStopsAfterTheInputUnderWayAndSaysCancelledOnce)
{
    const std::string dir = scratchDir("run_guarded_score");
    for (const char* name : { "/a.npy", "/b.npy" })
        files::writeNpy(dir + name, FloatArray::zeros({ 4, 1, 2048 }));
    CancellationToken cancel;
    cancel.cancel();
    const InProcessResult run = runInProcess(
        { "score", dir + "/a.npy", dir + "/b.npy", "--demo-weights", "-q", "-o", dir + "/out" },
        cancel);
    EXPECT_EQ(run.exitCode, 130) << run.err;
    EXPECT_TRUE(endsWith(run.err, "\nvigil: cancelled\n") || run.err == "vigil: cancelled\n")
        << run.err;
    EXPECT_EQ(run.err.find("cancelled"), run.err.rfind("cancelled")) << run.err;
    EXPECT_TRUE(fs::exists(dir + "/out/a.vigil.json"));
    EXPECT_FALSE(fs::exists(dir + "/out/b.vigil.json"));
}

// models fetch names the download that stopped and how to go on, in runGuarded's one line.
TEST(CancelledCommand, ModelsFetchSaysWhichDownloadStoppedAndHowToResume)
{
    const std::string dir = scratchDir("run_guarded_fetch");
    fs::remove_all(dir + "/models");
    const ScopedEnvironment models("VIGIL_MODELS_DIR", dir + "/models");
    // Never reached: the download checks the cancel before it connects.
    const ScopedEnvironment mirror("VIGIL_MODELS_MIRROR", "http://127.0.0.1:9");
    CancellationToken cancel;
    cancel.cancel();
    const InProcessResult run
        = runInProcess({ "models", "fetch", "classifier-da64-r3", "-q" }, cancel);
    EXPECT_EQ(run.exitCode, 130) << run.err;
    EXPECT_EQ(run.err, "vigil: classifier-da64-r3: cancelled (run the command again to resume)\n");
}

} // namespace
} // namespace vigil::test
