// Issue 40 item 8: a models folder that exists but cannot be listed (mode 000, another user's)
// is said so in one line, never read as "no weights installed", so --demo-weights cannot
// quietly fill in for weights that may be there. Modes do not stop root: as root the commands
// run as nobody (setpriv), in a folder of /tmp that nobody can reach.

#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>

#include <sys/stat.h>
#include <unistd.h>

namespace {

using namespace vigil;
namespace fs = std::filesystem;

struct UnreadableModels {
    UnreadableModels()
    {
        fs::create_directories(models);
        ::chmod(root.c_str(), 0755);
        ::chmod(models.c_str(), 0);
        test::makeClip(video, "testsrc=size=160x120:rate=25", 40);
        ::chmod(video.c_str(), 0644);
    }
    ~UnreadableModels()
    {
        ::chmod(models.c_str(), 0755);
        fs::remove_all(root);
    }
    // `arguments` of vigil as a user whom the folder's mode stops; empty when none can be.
    std::string command(const std::string& arguments) const
    {
        std::string as;
        if (::geteuid() == 0) {
            if (test::runCommand("command -v setpriv").exitCode != 0)
                return {};
            as = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
        }
        return "cd " + test::shellQuoted(root) + " && VIGIL_MODELS_DIR=" + test::shellQuoted(models)
            + " HOME=" + test::shellQuoted(root) + " XDG_CACHE_HOME=" + test::shellQuoted(root)
            + "/cache " + as + test::shellQuoted(test::vigilExecutable()) + " " + arguments;
    }
    const std::string root = "/tmp/vigil-unreadable-models-" + std::to_string(::getpid());
    const std::string models = root + "/models";
    const std::string video = root + "/a.mp4";
};

TEST(UnreadableModels, AreSaidSoInOneLineAndNeverReplacedByDemoWeights)
{
    const UnreadableModels folder;
    if (folder.command("").empty())
        GTEST_SKIP() << "root, and no setpriv to run as another user";
    const test::CommandResult probe = test::runCommand(folder.command("--version"));
    if (probe.exitCode != 0)
        GTEST_SKIP() << "vigil cannot run as nobody here (" << probe.output << ")";
    const std::string line
        = "vigil: " + folder.models + ": cannot read the models folder: Permission denied\n";
    const test::CommandResult analyze
        = test::runCommand(folder.command("analyze --demo-weights a.mp4 -o out"));
    EXPECT_EQ(analyze.exitCode, 2) << analyze.output;
    EXPECT_EQ(analyze.output, line);
    EXPECT_FALSE(fs::exists(folder.root + "/out/a.vigil.json"));
    const test::CommandResult list = test::runCommand(folder.command("models list"));
    EXPECT_EQ(list.exitCode, 1) << list.output;
    EXPECT_EQ(list.output, line);
    const test::CommandResult verify = test::runCommand(folder.command("models verify"));
    EXPECT_EQ(verify.exitCode, 1) << verify.output;
    EXPECT_EQ(verify.output, line);
}

} // namespace
