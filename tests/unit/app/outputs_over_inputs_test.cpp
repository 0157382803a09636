// Issue 40 item 1: no output over an input. Each command's outputs are checked before any work
// (core/files/output_guard.h): one line naming the output, exit code 2, the input untouched. A
// device or FIFO in an output's place is refused by the one atomic write every output goes
// through.

#include "core/common/error.h"
#include "core/common/float_array.h"
#include "core/files/atomic_file.h"
#include "core/files/npy_file.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/non_regular_files.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_environment.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;

std::string contentsOf(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

class OutputsOverInputs : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = scratchDir("outputs_over_inputs");
        fs::create_directories(dir_ + "/models");
    }
    InProcessResult vigil(const std::vector<std::string>& arguments) const
    {
        const ScopedEnvironment models("VIGIL_MODELS_DIR", dir_ + "/models");
        return runInProcess(arguments);
    }
    std::string dir_;
};

TEST_F(OutputsOverInputs, TrainNeverWritesItsModelOverTheLabels)
{
    for (const char* name : { "a", "b" })
        files::writeNpy(dir_ + "/" + name + ".npy", FloatArray::zeros({ 40, 1, 2048 }));
    const std::string labels = dir_ + "/train.csv";
    std::ofstream(labels) << "path,label\n" << dir_ << "/a.npy,1\n" << dir_ << "/b.npy,0\n";
    const std::string before = contentsOf(labels);
    const InProcessResult run
        = vigil({ "train", "--labels", labels, "--epochs", "1", "-q", "-o", labels });
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_EQ(run.err,
        "vigil: " + labels + ": is also an input (" + labels
            + "); choose another output name or folder\n");
    EXPECT_EQ(contentsOf(labels), before);
}

TEST_F(OutputsOverInputs, FeaturesNeverReplaceTheVideoNorAFileOfAnotherKind)
{
    // A video named clip.npy: its features would be dir/clip.npy, the video itself.
    const std::string video = dir_ + "/clip.npy";
    ASSERT_TRUE(makeClip(video, "testsrc=size=160x120:rate=25", 40, "-c:v mpeg4 -f avi"));
    const std::string bytes = contentsOf(video);
    const InProcessResult over = vigil({ "features", video, "--demo-weights", "-q", "-o", dir_ });
    EXPECT_EQ(over.exitCode, 2) << over.err;
    EXPECT_EQ(over.err.rfind("vigil: " + video + ": is also an input", 0), 0u) << over.err;
    EXPECT_EQ(contentsOf(video), bytes);

    // A video named other.json beside other.mp4: where other.mp4's sidecar would go.
    const std::string other = dir_ + "/other.mp4";
    ASSERT_TRUE(makeClip(other, "testsrc=size=160x120:rate=25", 40));
    fs::copy_file(other, dir_ + "/other.json");
    const InProcessResult foreign
        = vigil({ "features", other, "--demo-weights", "-q", "-o", dir_ });
    EXPECT_EQ(foreign.exitCode, 2) << foreign.err;
    EXPECT_EQ(foreign.err,
        "vigil: " + dir_
            + "/other.json: exists and is not a feature sidecar Vigil wrote; move it "
              "or choose another output folder\n");
    EXPECT_EQ(contentsOf(dir_ + "/other.json"), contentsOf(other));
    EXPECT_FALSE(fs::exists(dir_ + "/other.npy"));
}

TEST(OutputGuard, AnAtomicWriteNeverReplacesADeviceAFifoOrAFolder)
{
    const std::string dir = scratchDir("atomic_over_devices");
    for (const NonRegularInput& target : nonRegularInputs(dir, "out.json")) {
        SCOPED_TRACE(target.path);
        try {
            files::writeFileAtomically(target.path, std::string("{}"));
            ADD_FAILURE() << "wrote over " << target.path;
        } catch (const IoError& error) {
            EXPECT_EQ(std::string(error.what()),
                target.path + ": " + target.kind + "; Vigil writes only regular files there");
        }
    }
    EXPECT_TRUE(fs::exists("/dev/zero"));
    EXPECT_FALSE(fs::is_regular_file("/dev/zero"));
}

} // namespace
} // namespace vigil::test
