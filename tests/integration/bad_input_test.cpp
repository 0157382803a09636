// Runs the real vigil executable on every file of the bad-input corpus (scripts/make_bad_inputs.sh)
// and checks the answer: exit code, one error line naming the file, outputs present or absent,
// warnings for damaged files, and never a temporary file left behind.

#include "tests/support/bad_inputs.h"
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
constexpr const char* kDemoWarning = "using demo (seeded random) weights";

std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// Every file under dir, relative to it.
std::set<std::string> filesUnder(const fs::path& dir)
{
    std::set<std::string> files;
    if (!fs::exists(dir))
        return files;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        files.insert(fs::relative(entry.path(), dir).string());
    return files;
}

std::string stemOf(const std::string& file)
{
    return fs::path(file).stem().string();
}

class BadInput : public ::testing::TestWithParam<BadInputCase> {
protected:
    void SetUp() override
    {
        std::string error;
        corpus_ = badInputsDir(&error);
        ASSERT_TRUE(error.empty()) << "scripts/make_bad_inputs.sh failed:\n" << error;
        const auto skipped = skippedBadInputs(corpus_);
        if (const auto found = skipped.find(GetParam().file); found != skipped.end())
            GTEST_SKIP() << found->second;
        input_ = corpus_ + "/" + GetParam().file;
        if (std::string(GetParam().file) == "unreadable.mp4" && canReadDespiteMode000(input_))
            GTEST_SKIP()
                << "running as root (or with CAP_DAC_OVERRIDE): a chmod 000 file is still readable";
        out_ = scratchDir("bad_input_out") + "/out";
    }

    std::string corpus_;
    std::string input_;
    std::string out_;
};

TEST_P(BadInput, GetsAClearAnswerAndLeavesOnlyCompleteOutputs)
{
    const BadInputCase& expected = GetParam();
    const std::set<std::string> corpusBefore = filesUnder(corpus_);
    const CommandResult run = runCommand(
        kVigil + " analyze " + shellQuoted(input_) + " --demo-weights -q -o " + shellQuoted(out_));

    // Lines from vigil itself, less the demo-weights notice every run here prints.
    std::vector<std::string> diagnostics;
    for (const std::string& line : linesOf(run.output))
        if (line.rfind("vigil: ", 0) == 0 && line.find(kDemoWarning) == std::string::npos)
            diagnostics.push_back(line);
    const std::string prefix = "vigil: " + input_ + ": ";
    const std::string warningPrefix = "vigil: warning: " + input_ + ": ";

    if (expected.outcome == BadInputOutcome::Fails) {
        EXPECT_EQ(run.exitCode, 1) << run.output;
        ASSERT_EQ(diagnostics.size(), 1u) << "one line per failed input:\n" << run.output;
        EXPECT_EQ(diagnostics[0].rfind(prefix, 0), 0u) << diagnostics[0];
        EXPECT_NE(diagnostics[0].find(expected.message), std::string::npos) << diagnostics[0];
        EXPECT_EQ(filesUnder(out_), std::set<std::string> {})
            << "a failed input must leave no output";
    } else {
        ASSERT_EQ(run.exitCode, 0) << run.output;
        const std::string stem = stemOf(expected.file);
        EXPECT_EQ(filesUnder(out_),
            (std::set<std::string> { stem + ".scores.csv", stem + ".vigil.json" }));
        std::ifstream in(out_ + "/" + stem + ".vigil.json");
        const json result = json::parse(in);
        const int64_t frames = result["video"]["frames"];
        EXPECT_GE(frames, expected.minFrames);
        EXPECT_LE(frames, expected.maxFrames);
        EXPECT_EQ(result["video"]["width"], expected.width);
        EXPECT_EQ(result["video"]["height"], expected.height);
        EXPECT_EQ(result["frame_scores"].size(), static_cast<size_t>(frames));
        const auto& warnings = result["warnings"];
        if (expected.outcome == BadInputOutcome::Analysed) {
            EXPECT_TRUE(warnings.empty()) << warnings.dump();
            EXPECT_TRUE(diagnostics.empty()) << run.output;
        } else {
            const bool isWarned
                = std::any_of(warnings.begin(), warnings.end(), [&](const json& warning) {
                      return warning.get<std::string>().find(expected.message) != std::string::npos;
                  });
            EXPECT_TRUE(isWarned) << "warnings: " << warnings.dump();
            ASSERT_FALSE(diagnostics.empty()) << "warnings are also printed:\n" << run.output;
            for (const std::string& line : diagnostics)
                EXPECT_EQ(line.rfind(warningPrefix, 0), 0u) << line;
        }
        std::ifstream csv(out_ + "/" + stem + ".scores.csv");
        std::string line;
        std::getline(csv, line);
        int64_t rows = 0;
        double previousTimeS = -1.0;
        while (std::getline(csv, line)) {
            const size_t comma = line.find(',');
            const double timeS = std::stod(line.substr(comma + 1));
            EXPECT_GT(timeS, previousTimeS) << "time_s must increase, row " << rows;
            previousTimeS = timeS;
            ++rows;
        }
        EXPECT_EQ(rows, frames);
    }
    EXPECT_EQ(filesUnder(corpus_), corpusBefore) << "nothing may be written next to the input";
}

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

INSTANTIATE_TEST_SUITE_P(Corpus, BadInput, ::testing::ValuesIn(kBadInputCases),
    [](const ::testing::TestParamInfo<BadInputCase>& info) { return testNameOf(info.param); });

} // namespace
} // namespace vigil::test
