// Crash safety of `vigil batch`: a run killed with SIGKILL mid-way leaves only outputs that parse,
// and `--resume` then finishes without redoing the finished videos, with the same results as a
// run that was never interrupted.

#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kVigil = vigilExecutable();
const std::string kFast = " --demo-weights --backbone resnet50 --frame-step 5 --jobs 1 -q";
constexpr int kVideos = 6;

std::string readText(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Output name -> contents, for the finished outputs (temporaries are listed apart).
std::map<std::string, std::string> outputsIn(
    const fs::path& dir, std::set<std::string>* temporaries = nullptr)
{
    std::map<std::string, std::string> outputs;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (name.find(".tmp-") != std::string::npos) {
            if (temporaries)
                temporaries->insert(name);
            continue;
        }
        outputs[name] = readText(entry.path());
    }
    return outputs;
}

// A JSON result that parses and holds one score per frame, or a CSV with a header and one row per
// frame: what "complete" means for each output a video gets.
void expectComplete(const std::string& name, const std::string& contents)
{
    SCOPED_TRACE(name);
    if (name.size() > 11 && name.compare(name.size() - 11, 11, ".vigil.json") == 0) {
        json result;
        ASSERT_NO_THROW(result = json::parse(contents)) << "damaged JSON";
        EXPECT_EQ(result["frame_scores"].size(), result["video"]["frames"].get<size_t>());
    } else if (name.size() > 11 && name.compare(name.size() - 11, 11, ".scores.csv") == 0) {
        ASSERT_EQ(contents.rfind("frame,time_s,score\n", 0), 0u);
        ASSERT_FALSE(contents.empty());
        EXPECT_EQ(contents.back(), '\n') << "cut-off CSV";
        EXPECT_EQ(std::count(contents.begin(), contents.end(), '\n'), 41) << "header and 40 frames";
    } else if (name.rfind("summary", 0) == 0) {
        EXPECT_EQ(contents.rfind("path,status,message", 0), 0u);
        EXPECT_EQ(contents.back(), '\n');
    } else {
        ADD_FAILURE() << "unexpected output";
    }
}

class BatchKill : public ::testing::Test {
protected:
    void SetUp() override
    {
        dir_ = scratchDir("batch_kill");
        in_ = dir_ + "/in";
        fs::create_directories(in_);
        const char* sources[kVideos]
            = { "testsrc2", "smptebars", "mandelbrot", "rgbtestsrc", "testsrc", "yuvtestsrc" };
        for (int i = 0; i < kVideos; ++i)
            ASSERT_TRUE(makeClip(in_ + "/clip" + std::to_string(i) + ".avi",
                std::string(sources[i]) + "=size=160x120:rate=25", 40));
    }
    std::string dir_;
    std::string in_;
};

TEST_F(BatchKill, KilledMidWayThenResumedMatchesAnUninterruptedRun)
{
    const std::string reference = dir_ + "/reference";
    const CommandResult whole = runCommand(
        kVigil + " batch " + shellQuoted(in_) + " -o " + shellQuoted(reference) + kFast);
    ASSERT_EQ(whole.exitCode, 0) << whole.output;

    // Start, wait for the second finished video, then SIGKILL: no handler runs, nothing is cleaned.
    const std::string out = dir_ + "/killed";
    const std::string script = kVigil + " batch " + shellQuoted(in_) + " -o " + shellQuoted(out)
        + kFast + " & pid=$!; for i in $(seq 1200); do n=$(ls " + shellQuoted(out)
        + "/*.vigil.json 2>/dev/null | wc -l); "
        + "[ \"$n\" -ge 2 ] && break; sleep 0.05; done; kill -9 $pid; wait $pid; echo \"exit=$?\"";
    const CommandResult killed = runCommand("bash -c " + shellQuoted(script));
    ASSERT_NE(killed.output.find("exit=137"), std::string::npos)
        << "the batch was not killed: " << killed.output;

    std::set<std::string> temporaries;
    const auto survivors = outputsIn(out, &temporaries);
    RecordProperty("temporaries_after_kill", static_cast<int>(temporaries.size()));
    int finishedBeforeKill = 0;
    for (const auto& [name, contents] : survivors) {
        expectComplete(name, contents);
        finishedBeforeKill += name.find(".vigil.json") != std::string::npos ? 1 : 0;
    }
    ASSERT_GE(finishedBeforeKill, 2);
    ASSERT_LT(finishedBeforeKill, kVideos)
        << "the kill came after the last video; nothing left to resume";
    std::map<std::string, fs::file_time_type> finishedTimes;
    for (const auto& [name, contents] : survivors)
        if (name.find(".vigil.json") != std::string::npos)
            finishedTimes[name] = fs::last_write_time(fs::path(out) / name);

    const CommandResult resumed = runCommand(
        kVigil + " batch " + shellQuoted(in_) + " -o " + shellQuoted(out) + " --resume" + kFast);
    ASSERT_EQ(resumed.exitCode, 0) << resumed.output;

    const auto expected = outputsIn(reference);
    std::set<std::string> left;
    const auto actual = outputsIn(out, &left);
    EXPECT_TRUE(left.empty()) << "--resume removes what the killed run left: "
                              << (left.empty() ? "" : *left.begin());
    for (const auto& [name, contents] : expected) {
        SCOPED_TRACE(name);
        if (name.rfind("summary", 0) == 0)
            continue; // timings and the resume messages differ by design
        ASSERT_EQ(actual.count(name), 1u) << "missing after --resume";
        if (name.find(".vigil.json") != std::string::npos)
            EXPECT_EQ(json::parse(actual.at(name)), json::parse(contents));
        else
            EXPECT_EQ(actual.at(name), contents);
    }
    for (const auto& [name, time] : finishedTimes)
        EXPECT_EQ(fs::last_write_time(fs::path(out) / name), time) << name << " was analysed again";
    const std::string summary = actual.count("summary.csv") ? actual.at("summary.csv") : "";
    size_t alreadyComplete = 0;
    for (size_t at = summary.find("already complete"); at != std::string::npos;
         at = summary.find("already complete", at + 1))
        ++alreadyComplete;
    EXPECT_EQ(alreadyComplete, static_cast<size_t>(finishedBeforeKill)) << summary;
}

} // namespace
} // namespace vigil::test
