// Runs the real `vigil batch` on a folder of generated clips, broken files and other files, and
// reads what it wrote: the mirrored outputs, summary.csv, exit codes, --resume and --shard.

#include "tests/support/json_file.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

namespace vigil::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kVigil = vigilExecutable();
// ResNet-50 on every 10th frame keeps most runs fast; one test runs the default I3D.
const std::string kFast = " --demo-weights --backbone resnet50 --frame-step 10 -q";

using Row = std::map<std::string, std::string>; // column -> value

// RFC 4180: quoted fields may hold commas, doubled quotes and line breaks.
std::vector<std::vector<std::string>> parseCsv(const std::string& text)
{
    std::vector<std::vector<std::string>> records(1, std::vector<std::string>(1));
    bool isQuoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (isQuoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
                records.back().back() += text[++i];
            else if (c == '"')
                isQuoted = false;
            else
                records.back().back() += c;
        } else if (c == '"') {
            isQuoted = true;
        } else if (c == ',') {
            records.back().emplace_back();
        } else if (c == '\n') {
            records.emplace_back(1);
        } else {
            records.back().back() += c;
        }
    }
    if (records.back().size() == 1 && records.back()[0].empty())
        records.pop_back();
    return records;
}

std::map<std::string, Row> readSummary(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    const auto records = parseCsv(text.str());
    std::map<std::string, Row> rows;
    if (records.empty())
        return rows;
    EXPECT_EQ(records[0],
        (std::vector<std::string> { "path", "status", "message", "frames", "duration_s",
            "max_score", "max_score_time_s", "events", "seconds", "weights", "detector_peaks" }));
    for (size_t r = 1; r < records.size(); ++r) {
        EXPECT_EQ(records[r].size(), records[0].size()) << "row " << r;
        Row row;
        for (size_t c = 0; c < records[r].size() && c < records[0].size(); ++c)
            row[records[0][c]] = records[r][c];
        rows[row["path"]] = row;
    }
    return rows;
}

std::vector<std::string> leftoverTemporaries(const std::string& dir)
{
    std::vector<std::string> found;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        if (entry.path().filename().string().find(".tmp-") != std::string::npos)
            found.push_back(entry.path().string());
    return found;
}

CommandResult runBatch(const std::string& arguments)
{
    return runCommand(kVigil + " batch " + arguments);
}

class BatchCommand : public ::testing::Test {
protected:
    // in/: top.avi, video.dat (an AVI without a video name), fake.mp4 (text), zero.mp4 (empty),
    // readme.txt, .hidden.avi, cam1/clip.mp4 and cam2/clip.mp4 (same name, other pictures),
    // cam2/night/deep.avi.
    static void SetUpTestSuite()
    {
        dir_ = scratchDir("batch_command");
        in_ = dir_ + "/in";
        fs::create_directories(in_ + "/cam1");
        fs::create_directories(in_ + "/cam2/night");
        const std::string tiny = "=size=160x120:rate=25";
        ASSERT_TRUE(makeClip(in_ + "/top.avi", "testsrc2" + tiny, 40));
        ASSERT_TRUE(makeClip(in_ + "/video.dat", "testsrc" + tiny, 40, "-c:v mpeg4 -f avi"));
        ASSERT_TRUE(makeClip(in_ + "/cam1/clip.mp4", "smptebars" + tiny, 40));
        ASSERT_TRUE(makeClip(in_ + "/cam2/clip.mp4", "mandelbrot" + tiny, 40));
        ASSERT_TRUE(makeClip(in_ + "/cam2/night/deep.avi", "rgbtestsrc" + tiny, 40));
        ASSERT_TRUE(makeClip(in_ + "/.hidden.avi", "testsrc2" + tiny, 40));
        std::ofstream(in_ + "/fake.mp4") << "a text file renamed to .mp4\n";
        std::ofstream(in_ + "/zero.mp4");
        std::ofstream(in_ + "/readme.txt") << "notes about the footage\n";
    }
    static std::string dir_;
    static std::string in_;
};
std::string BatchCommand::dir_;
std::string BatchCommand::in_;

TEST_F(BatchCommand, AnalysesTheTopFolderByContentAndReportsEveryOtherFile)
{
    const std::string out = dir_ + "/top-out";
    const CommandResult run = runBatch(shellQuoted(in_) + " -o " + shellQuoted(out) + kFast);
    EXPECT_EQ(run.exitCode, 1) << run.output; // some failed, some succeeded
    EXPECT_NE(run.output.find("vigil: " + in_ + "/fake.mp4: not a video"), std::string::npos)
        << run.output;
    EXPECT_NE(
        run.output.find("vigil: " + in_ + "/zero.mp4: empty file (0 bytes)"), std::string::npos)
        << run.output;

    const auto rows = readSummary(out + "/summary.csv");
    ASSERT_EQ(rows.size(), 5u); // not the subfolders, not the hidden file
    EXPECT_EQ(rows.at("top.avi").at("status"), "ok");
    EXPECT_EQ(rows.at("video.dat").at("status"), "ok") << "a video is a video whatever its name";
    EXPECT_EQ(rows.at("fake.mp4").at("status"), "failed");
    EXPECT_NE(rows.at("fake.mp4").at("message").find("Invalid data"), std::string::npos);
    EXPECT_EQ(rows.at("zero.mp4").at("status"), "failed");
    EXPECT_EQ(rows.at("readme.txt").at("status"), "skipped");
    EXPECT_EQ(rows.at("readme.txt").at("message").rfind("not a video", 0), 0u);
    EXPECT_EQ(rows.at("top.avi").at("frames"), "40");
    EXPECT_EQ(rows.at("fake.mp4").at("frames"), "");
    EXPECT_TRUE(fs::exists(out + "/video.vigil.json"));
    EXPECT_FALSE(fs::exists(out + "/fake.vigil.json"));
    EXPECT_TRUE(leftoverTemporaries(out).empty());
}

TEST_F(BatchCommand, RecursesAndMirrorsSubfoldersSoEqualNamesDoNotCollide)
{
    const std::string out = dir_ + "/recursive-out";
    const CommandResult run = runBatch(shellQuoted(in_) + " -o " + shellQuoted(out)
        + " --recursive --demo-weights --threshold 0.4");
    EXPECT_EQ(run.exitCode, 1) << run.output;
    EXPECT_NE(run.output.find("/8] ok "), std::string::npos)
        << "progress names files done/total: " << run.output;

    const auto rows = readSummary(out + "/summary.csv");
    ASSERT_EQ(rows.size(), 8u);
    for (const char* path :
        { "top.avi", "video.dat", "cam1/clip.mp4", "cam2/clip.mp4", "cam2/night/deep.avi" }) {
        SCOPED_TRACE(path);
        const Row& row = rows.at(path);
        EXPECT_EQ(row.at("status"), "ok");
        EXPECT_EQ(row.at("frames"), "40");
        EXPECT_NEAR(std::stod(row.at("duration_s")), 1.6, 1e-3);
        const double maxScore = std::stod(row.at("max_score"));
        EXPECT_GE(maxScore, 0.0);
        EXPECT_LE(maxScore, 1.0);
        EXPECT_GE(std::stod(row.at("max_score_time_s")), 0.0);
        EXPECT_EQ(std::stoi(row.at("events")), maxScore >= 0.4 ? 1 : 0)
            << "demo scores: one window per clip";
        EXPECT_GE(std::stod(row.at("seconds")), 0.0);
    }
    const json first = readJson(out + "/cam1/clip.vigil.json");
    const json second = readJson(out + "/cam2/clip.vigil.json");
    EXPECT_EQ(first["video"]["path"], in_ + "/cam1/clip.mp4");
    EXPECT_EQ(second["video"]["path"], in_ + "/cam2/clip.mp4");
    EXPECT_EQ(first["model"]["backbone"], "i3d-r50");
    EXPECT_EQ(first["steps"], 2);
    EXPECT_TRUE(fs::exists(out + "/cam2/night/deep.scores.csv"));
    EXPECT_NE(first["frame_scores"], second["frame_scores"]) << "two different clips, two results";
}

TEST_F(BatchCommand, ExitCodesSayWhetherAllSomeOrNoneSucceeded)
{
    const std::string good = dir_ + "/only-good";
    const std::string bad = dir_ + "/only-bad";
    fs::create_directories(good);
    fs::create_directories(bad);
    fs::copy_file(in_ + "/top.avi", good + "/top.avi");
    fs::copy_file(in_ + "/readme.txt", good + "/readme.txt"); // not a video: skipped, not a failure
    fs::copy_file(in_ + "/fake.mp4", bad + "/fake.mp4");
    fs::copy_file(in_ + "/zero.mp4", bad + "/zero.mp4");

    CommandResult run
        = runBatch(shellQuoted(good) + " -o " + shellQuoted(dir_ + "/good-out") + kFast);
    EXPECT_EQ(run.exitCode, 0) << run.output;
    run = runBatch(shellQuoted(bad) + " -o " + shellQuoted(dir_ + "/bad-out") + kFast);
    EXPECT_EQ(run.exitCode, 3) << run.output;
    EXPECT_EQ(readSummary(dir_ + "/bad-out/summary.csv").size(), 2u);

    EXPECT_EQ(runBatch(shellQuoted(good) + kFast).exitCode, 2) << "-o is required";
    EXPECT_EQ(runBatch(shellQuoted(good + "/nope") + " -o x" + kFast).exitCode, 2);
    EXPECT_EQ(runBatch(shellQuoted(good) + " -o x --shard 3/2" + kFast).exitCode, 2);
    EXPECT_EQ(runBatch(shellQuoted(good) + " -o x --jobs -1" + kFast).exitCode, 2);
    const CommandResult noWeights
        = runBatch(shellQuoted(good) + " -o " + shellQuoted(dir_ + "/none") + " -q");
    EXPECT_EQ(noWeights.exitCode, 2) << noWeights.output;

    const CommandResult help = runCommand(kVigil + " batch --help");
    for (const char* word : { "--recursive", "--resume", "--jobs", "--shard", "--threshold",
             "--backbone", "--window", "summary.csv", "Exit codes", "130" })
        EXPECT_NE(help.output.find(word), std::string::npos) << word;
}

TEST_F(BatchCommand, ResumeRedoesADamagedOutputAndKeepsAGoodOne)
{
    const std::string folder = dir_ + "/resume-in";
    const std::string out = dir_ + "/resume-out";
    fs::create_directories(folder);
    fs::copy_file(in_ + "/top.avi", folder + "/good.avi");
    fs::copy_file(in_ + "/cam1/clip.mp4", folder + "/damaged.mp4");
    ASSERT_EQ(runBatch(shellQuoted(folder) + " -o " + shellQuoted(out) + kFast).exitCode, 0);
    const auto firstRows = readSummary(out + "/summary.csv");

    const std::string damaged = out + "/damaged.vigil.json";
    fs::resize_file(damaged, fs::file_size(damaged) - 40); // as if the machine died mid-write
    const auto goodTime = fs::last_write_time(out + "/good.vigil.json");
    const auto damagedTime = fs::last_write_time(damaged);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));

    const CommandResult run
        = runBatch(shellQuoted(folder) + " -o " + shellQuoted(out) + " --resume" + kFast);
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_EQ(fs::last_write_time(out + "/good.vigil.json"), goodTime)
        << "a complete output is not redone";
    EXPECT_NE(fs::last_write_time(damaged), damagedTime) << "a damaged output is redone";
    EXPECT_NO_THROW(readJson(damaged));

    const auto rows = readSummary(out + "/summary.csv");
    EXPECT_EQ(rows.at("good.avi").at("status"), "skipped");
    EXPECT_EQ(rows.at("good.avi").at("frames"), "40") << "skipped rows carry their figures";
    EXPECT_EQ(rows.at("good.avi").at("max_score"), firstRows.at("good.avi").at("max_score"));
    EXPECT_EQ(rows.at("good.avi").at("max_score_time_s"),
        firstRows.at("good.avi").at("max_score_time_s"));
    EXPECT_EQ(rows.at("damaged.mp4").at("status"), "ok");
    EXPECT_NE(rows.at("damaged.mp4").at("message").find("incomplete"), std::string::npos);

    // A temporary that a killed run left (its pid is gone) is removed by --resume, with a note.
    const std::string stale = out + "/good.vigil.json.tmp-elsewhere-123-4";
    std::ofstream(stale) << "{\"cut";
    fs::last_write_time(stale, fs::file_time_type::clock::now() - std::chrono::hours(3));
    const CommandResult again
        = runBatch(shellQuoted(folder) + " -o " + shellQuoted(out) + " --resume" + kFast);
    ASSERT_EQ(again.exitCode, 0) << again.output;
    EXPECT_FALSE(fs::exists(stale));
    EXPECT_NE(again.output.find("removed 1 temporary file"), std::string::npos) << again.output;
    EXPECT_TRUE(leftoverTemporaries(out).empty());

    // Other settings make the saved results stale: everything is analysed again.
    const CommandResult other = runBatch(
        shellQuoted(folder) + " -o " + shellQuoted(out) + " --resume --window 2" + kFast);
    ASSERT_EQ(other.exitCode, 0) << other.output;
    EXPECT_EQ(readSummary(out + "/summary.csv").at("good.avi").at("status"), "ok");
}

TEST_F(BatchCommand, ShardsCoverEveryFileExactlyOnce)
{
    const std::string out = dir_ + "/shard-out";
    std::multiset<std::string> seen;
    for (int k = 1; k <= 2; ++k) {
        const std::string shard = std::to_string(k) + "/2";
        const CommandResult run = runBatch(
            shellQuoted(in_) + " -o " + shellQuoted(out) + " --recursive --shard " + shard + kFast);
        EXPECT_TRUE(run.exitCode == 0 || run.exitCode == 1 || run.exitCode == 3) << run.output;
        const std::string summary = out + "/summary-" + std::to_string(k) + "-of-2.csv";
        ASSERT_TRUE(fs::exists(summary)) << run.output;
        const auto rows = readSummary(summary);
        EXPECT_FALSE(rows.empty()) << "shard " << k << " is empty for these names";
        for (const auto& [path, row] : rows)
            seen.insert(path);
    }
    EXPECT_FALSE(fs::exists(out + "/summary.csv"));
    EXPECT_EQ(seen.size(), 8u);
    for (const char* path : { "top.avi", "video.dat", "fake.mp4", "zero.mp4", "readme.txt",
             "cam1/clip.mp4", "cam2/clip.mp4", "cam2/night/deep.avi" })
        EXPECT_EQ(seen.count(path), 1u) << path;
    EXPECT_TRUE(fs::exists(out + "/cam1/clip.vigil.json"));
    EXPECT_TRUE(fs::exists(out + "/cam2/clip.vigil.json"));
}

TEST_F(BatchCommand, ConcurrentJobsGiveTheSameResultsAsOne)
{
    const std::string one = dir_ + "/jobs1";
    const std::string two = dir_ + "/jobs2";
    ASSERT_EQ(
        runBatch(shellQuoted(in_ + "/cam2") + " -o " + shellQuoted(one) + " -r --jobs 1" + kFast)
            .exitCode,
        0);
    const CommandResult run = runBatch(shellQuoted(in_ + "/cam2") + " -o " + shellQuoted(two)
        + " -r --jobs 2 --threads 2" + kFast);
    ASSERT_EQ(run.exitCode, 0) << run.output;
    for (const char* path : { "/clip.vigil.json", "/night/deep.vigil.json" }) {
        SCOPED_TRACE(path);
        EXPECT_EQ(readJson(one + path)["frame_scores"], readJson(two + path)["frame_scores"]);
    }
}

TEST_F(BatchCommand, CtrlCStopsSoonKeepsFinishedOutputsAndLeavesNoTemporaries)
{
    const std::string folder = dir_ + "/interrupt-in";
    const std::string out = dir_ + "/interrupt-out";
    fs::create_directories(folder);
    fs::copy_file(in_ + "/top.avi", folder + "/a-first.avi");
    ASSERT_TRUE(makeClip(folder + "/b-long.avi", "testsrc2=size=160x120:rate=25", 2000));
    // Start, wait until the first video is written, interrupt, and time the exit.
    const std::string script = kVigil + " batch " + shellQuoted(folder) + " -o " + shellQuoted(out)
        + " --demo-weights --backbone resnet50 -q & pid=$!; " + "for i in $(seq 600); do [ -e "
        + shellQuoted(out + "/a-first.vigil.json") + " ] && break; sleep 0.1; done; "
        + "sleep 1; start=$(date +%s%N); kill -INT $pid; wait $pid; code=$?; end=$(date +%s%N); "
        + "echo \"exit=$code ms=$(( (end - start) / 1000000 ))\"";
    const CommandResult run = runCommand("bash -c " + shellQuoted(script));
    ASSERT_NE(run.output.find("exit=130"), std::string::npos) << run.output;
    const size_t ms = run.output.find("ms=");
    ASSERT_NE(ms, std::string::npos);
    const int stopMs = std::stoi(run.output.substr(ms + 3));
    RecordProperty("stop_ms", stopMs);
    // The run stops at its next check, after the forward pass under way: 1.5 to 4 s on two busy
    // cores, 9 s with another test running beside it. Without the stop, b-long (2000 frames, 250
    // forward passes) would take minutes and leave its outputs.
    EXPECT_LT(stopMs, 15000) << run.output;
    EXPECT_TRUE(fs::exists(out + "/a-first.vigil.json"));
    EXPECT_FALSE(fs::exists(out + "/b-long.vigil.json"));
    EXPECT_TRUE(leftoverTemporaries(out).empty());
    const auto rows = readSummary(out + "/summary.csv");
    EXPECT_EQ(rows.at("a-first.avi").at("status"), "ok");
    EXPECT_EQ(rows.at("b-long.avi").at("status"), "not_run");
    EXPECT_NE(rows.at("b-long.avi").at("message").find("interrupted"), std::string::npos);
}

} // namespace
} // namespace vigil::test
