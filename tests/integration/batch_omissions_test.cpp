// Runs the real `vigil batch` on folders with entries it cannot look at (a dangling symbolic
// link, a FIFO, a subfolder that cannot be listed) and where nothing can be written, and checks
// that each is a row of summary.csv saying why and that the exit code says what happened.

#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;
const std::string kVigil = vigilExecutable();

std::string readText(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

class BatchOmissions : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = scratchDir("batch_omissions");
        fs::create_directories(dir_ + "/in");
        ASSERT_TRUE(makeClip(dir_ + "/in/clip.mp4", "testsrc=size=64x48:rate=25", 20));
    }

    CommandResult batch(const std::string& extra) const
    {
        return runCommand(
            kVigil + " batch " + shellQuoted(dir_ + "/in") + " --demo-weights -q " + extra);
    }

    std::string dir_;
};

TEST_F(BatchOmissions, DanglingLinksAndFifosAreRowsThatSayWhy)
{
    fs::create_symlink(dir_ + "/elsewhere/gone.mp4", dir_ + "/in/gone.mp4");
    ASSERT_EQ(::mkfifo((dir_ + "/in/pipe.dat").c_str(), 0600), 0);
    const CommandResult run = batch("-o " + shellQuoted(dir_ + "/out"));
    EXPECT_EQ(run.exitCode, 1) << run.output; // a file named like a video failed
    const std::string summary = readText(dir_ + "/out/summary.csv");
    EXPECT_NE(summary.find("\nclip.mp4,ok,"), std::string::npos) << summary;
    EXPECT_NE(summary.find("\ngone.mp4,failed,a symbolic link to a missing file (" + dir_
                  + "/elsewhere/gone.mp4)"),
        std::string::npos)
        << summary;
    EXPECT_NE(summary.find("\npipe.dat,skipped,\"not a regular file"), std::string::npos)
        << summary;
    EXPECT_NE(run.output.find("vigil: " + dir_ + "/in/gone.mp4: a symbolic link to a missing file"),
        std::string::npos)
        << run.output;
}

TEST_F(BatchOmissions, AnUnlistableSubfolderIsAFailedRow)
{
    const std::string locked = dir_ + "/in/locked";
    fs::create_directories(locked);
    ASSERT_TRUE(makeClip(locked + "/inside.mp4", "testsrc=size=64x48:rate=25", 20));
    ASSERT_EQ(::chmod(locked.c_str(), 0), 0);
    if (DIR* listing = ::opendir(locked.c_str()); listing != nullptr) {
        ::closedir(listing);
        ::chmod(locked.c_str(), 0755);
        GTEST_SKIP()
            << "running as root (or with CAP_DAC_READ_SEARCH): a chmod 000 folder is still listed";
    }
    const CommandResult run = batch("-r -o " + shellQuoted(dir_ + "/out"));
    ::chmod(locked.c_str(), 0755);
    EXPECT_EQ(run.exitCode, 1) << run.output; // was 0: the folder was skipped without a word
    const std::string summary = readText(dir_ + "/out/summary.csv");
    EXPECT_NE(summary.find("\nlocked,failed,cannot list this folder: Permission denied"),
        std::string::npos)
        << summary;
}

TEST_F(BatchOmissions, AMissingFolderIsAUsageErrorInOneLine)
{
    const CommandResult run
        = runCommand(kVigil + " batch /nonexistent-vigil-folder -o " + shellQuoted(dir_ + "/out"));
    EXPECT_EQ(run.exitCode, 2) << run.output;
    EXPECT_EQ(run.output, "vigil: folder: Directory does not exist: /nonexistent-vigil-folder\n");
}

TEST_F(BatchOmissions, WhenNoOutputCanBeWrittenNoneWasAnalysed)
{
    // sysfs takes no new files, not even from root, unlike a chmod 555 folder.
    const std::string unwritable = "/sys";
    if (!fs::is_directory(unwritable) || ::access((unwritable + "/summary.csv").c_str(), F_OK) == 0)
        GTEST_SKIP() << "needs sysfs at /sys as a folder where nothing can be written";
    const CommandResult run = batch("-o " + unwritable);
    EXPECT_EQ(run.exitCode, 3) << run.output; // was 1: the summary's failure hid the rows' verdict
    EXPECT_NE(run.output.find("vigil: " + dir_ + "/in/clip.mp4: /sys/"), std::string::npos)
        << run.output;
    EXPECT_NE(run.output.find("vigil: /sys/summary.csv: cannot write"), std::string::npos)
        << run.output;
    EXPECT_EQ(run.output.find("wrote "), std::string::npos) << run.output;
}

} // namespace
} // namespace vigil::test
