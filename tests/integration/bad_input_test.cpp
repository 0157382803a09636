// Runs the real vigil executable on files of the bad-input corpus (scripts/make_bad_inputs.sh):
// several inputs at once, timestamps of damaged and variable-rate files, names that are not
// UTF-8. tests/unit/app/bad_input_corpus_test.cpp runs every corpus file in-process.

#include "tests/support/bad_inputs.h"
#include "tests/support/files_under.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kVigil = vigilExecutable();

// The time_s column of a scores CSV.
std::vector<double> csvTimes(const std::string& path)
{
    std::vector<double> times;
    std::ifstream csv(path);
    std::string line;
    std::getline(csv, line);
    while (std::getline(csv, line))
        times.push_back(std::stod(line.substr(line.find(',') + 1)));
    return times;
}

class BadInputs : public ::testing::Test {
protected:
    void SetUp() override
    {
        std::string error;
        corpus_ = badInputsDir(&error);
        ASSERT_TRUE(error.empty()) << "scripts/make_bad_inputs.sh failed:\n" << error;
        out_ = scratchDir("bad_inputs_out");
    }
    CommandResult analyze(const std::string& inputs)
    {
        return runCommand(
            kVigil + " analyze " + inputs + " --demo-weights -q -o " + shellQuoted(out_));
    }

    std::string corpus_;
    std::string out_;
};

TEST_F(BadInputs, AMissingFrameKeepsTheTimesOfTheFramesAfterIt)
{
    // dropped-frame.mkv is a 25 fps clip whose frame 20 (0.80 s) the codec rejects.
    const CommandResult run = analyze(shellQuoted(corpus_ + "/dropped-frame.mkv"));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const std::vector<double> times = csvTimes(out_ + "/dropped-frame.scores.csv");
    ASSERT_EQ(times.size(), 39u);
    for (size_t row = 0; row < times.size(); ++row) {
        SCOPED_TRACE("row " + std::to_string(row));
        const double sourceFrame = static_cast<double>(row < 20 ? row : row + 1);
        EXPECT_NEAR(times[row], sourceFrame / 25.0, 1e-6);
    }
}

TEST_F(BadInputs, VariableFrameRateKeepsTheRealTimestamps)
{
    // Every third frame of a 30 fps source is left out, so steps alternate 1/30 s and 2/30 s.
    const CommandResult run = analyze(shellQuoted(corpus_ + "/variable-rate.mkv"));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    const std::vector<double> times = csvTimes(out_ + "/variable-rate.scores.csv");
    ASSERT_EQ(times.size(), 40u);
    std::set<long> stepsMs;
    for (size_t row = 1; row < times.size(); ++row)
        stepsMs.insert(std::lround((times[row] - times[row - 1]) * 1000.0));
    EXPECT_EQ(stepsMs, (std::set<long> { 33, 67 }));
}

TEST_F(BadInputs, OneBadInputAmongOthersFailsAloneAndTheRestIsAnalysed)
{
    const std::string missing = corpus_ + "/missing.mp4";
    const std::string empty = corpus_ + "/zero-bytes.mp4";
    const CommandResult run
        = analyze(shellQuoted(missing) + " " + shellQuoted(corpus_ + "/mpeg4.avi") + " "
            + shellQuoted(empty) + " " + shellQuoted(corpus_ + "/mjpeg.avi"));
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("vigil: " + missing + ": "), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("vigil: " + empty + ": empty file"), std::string::npos) << run.output;
    EXPECT_EQ(filesUnder(out_),
        (std::set<std::string> {
            "mjpeg.scores.csv", "mjpeg.vigil.json", "mpeg4.scores.csv", "mpeg4.vigil.json" }));
}

// 21#8: a name that is not UTF-8 is analysed like any other, both result files are written, and
// the JSON keeps the name exactly (percent-encoded under path_bytes).
TEST_F(BadInputs, ANameThatIsNotUtf8IsAnalysedAndKeptExactly)
{
    const std::string latin1 = out_ + "/in/caf\xe9.avi";
    std::filesystem::create_directories(out_ + "/in");
    std::filesystem::copy_file(corpus_ + "/mpeg4.avi", latin1);
    const CommandResult run = analyze(shellQuoted(latin1));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    std::ifstream in(out_ + "/caf\xe9.vigil.json");
    const nlohmann::json video = nlohmann::json::parse(in).at("video");
    EXPECT_EQ(video.at("path_bytes"), out_ + "/in/caf%E9.avi");
    EXPECT_TRUE(std::filesystem::exists(out_ + "/caf\xe9.scores.csv"));
}

} // namespace
} // namespace vigil::test
