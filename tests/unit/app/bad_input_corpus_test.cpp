// Every file of the bad-input corpus (scripts/make_bad_inputs.sh) through `vigil analyze`, in
// this process (app::runCommandLine): exit code, one error line naming the file, outputs present
// or absent, warnings for damaged files, and never a temporary file left behind. In-process
// because a launch spends ~1 s starting LibTorch, longer than most of these analyses;
// tests/integration/bad_input_test.cpp keeps launches of the real executable on the corpus.

#include "tests/support/bad_inputs.h"
#include "tests/support/files_under.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kDemoWarning = "using demo (seeded random) weights";

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
    const InProcessResult run
        = runInProcess({ "analyze", input_, "--demo-weights", "-q", "-o", out_ });
    const std::string output = run.err + run.out;

    // Lines from vigil itself, less the demo-weights notice every run here prints.
    std::vector<std::string> diagnostics;
    for (const std::string& line : linesOfText(output))
        if (line.rfind("vigil: ", 0) == 0 && line.find(kDemoWarning) == std::string::npos)
            diagnostics.push_back(line);
    const std::string prefix = "vigil: " + input_ + ": ";
    const std::string warningPrefix = "vigil: warning: " + input_ + ": ";

    if (expected.outcome == BadInputOutcome::Fails) {
        EXPECT_EQ(run.exitCode, 1) << output;
        ASSERT_EQ(diagnostics.size(), 1u) << "one line per failed input:\n" << output;
        EXPECT_EQ(diagnostics[0].rfind(prefix, 0), 0u) << diagnostics[0];
        EXPECT_NE(diagnostics[0].find(expected.message), std::string::npos) << diagnostics[0];
        EXPECT_EQ(filesUnder(out_), std::set<std::string> {})
            << "a failed input must leave no output";
    } else {
        ASSERT_EQ(run.exitCode, 0) << output;
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
            EXPECT_TRUE(diagnostics.empty()) << output;
        } else {
            const bool isWarned
                = std::any_of(warnings.begin(), warnings.end(), [&](const json& warning) {
                      return warning.get<std::string>().find(expected.message) != std::string::npos;
                  });
            EXPECT_TRUE(isWarned) << "warnings: " << warnings.dump();
            ASSERT_FALSE(diagnostics.empty()) << "warnings are also printed:\n" << output;
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

INSTANTIATE_TEST_SUITE_P(Corpus, BadInput, ::testing::ValuesIn(kBadInputCases),
    [](const ::testing::TestParamInfo<BadInputCase>& info) { return testNameOf(info.param); });

} // namespace
} // namespace vigil::test
