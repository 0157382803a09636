// What vigil watch leaves in its folder as evidence: one watcher per folder, ids that no run
// reuses, no line naming a clip before it is on disk, and scores.csv in stream-time order. On real
// streams (ffmpeg publishing a lavfi clip over HTTP on 127.0.0.1) with fake networks.

#include "core/live/scores_csv.h"
#include "core/live/watch_session.h"
#include "tests/support/live_stream.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"
#include "tests/support/watch_fakes.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

namespace {

using namespace vigil;
using namespace vigil::live;
using namespace vigil::test;

// One watcher per folder: a second session on the same DIR is refused while the first holds it,
// in one line naming DIR, and the folder is free again once the first is gone.
TEST(WatchSession, ASecondSessionOnTheSameFolderIsRefusedWhileTheFirstHoldsIt)
{
    const std::string dir = scratchDir("watch-session-lock");
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    const WatchSettings settings = settingsFor("http://127.0.0.1:9/live.ts", dir);
    auto first = std::make_unique<WatchSession>(
        settings, engineOf(extractor, scorer), [](const std::string&) {}, StatusCallback {});
    try {
        WatchSession second(settings, engineOf(extractor, scorer), [](const std::string&) {}, {});
        ADD_FAILURE() << "a second watcher was let in";
    } catch (const FolderBusy& error) {
        EXPECT_EQ(std::string(error.what()), dir + ": another vigil watch is writing here");
    }
    EXPECT_TRUE(std::filesystem::exists(dir + "/" + kLockFileName));
    first.reset();
    EXPECT_NO_THROW(WatchSession(
        settings, engineOf(extractor, scorer), [](const std::string&) {}, StatusCallback {}));
}

// Issue 37: a second camera into the first one's folder appended to its scores.csv with stream
// time starting again at 0. The folder belongs to its first source; the same source restarts.
TEST(WatchSession, AnotherSourceIsRefusedInAFolderOfTheFirstAndTheSameSourceRestarts)
{
    const std::string dir = scratchDir("watch-session-source");
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    const WatchSettings first = settingsFor("http://127.0.0.1:9/first.ts", dir);
    std::make_unique<WatchSession>(
        first, engineOf(extractor, scorer), [](const std::string&) {}, StatusCallback {});
    try {
        WatchSession second(settingsFor("http://127.0.0.1:9/second.ts", dir),
            engineOf(extractor, scorer), [](const std::string&) {}, {});
        ADD_FAILURE() << "a second source was let into the first one's folder";
    } catch (const FolderOfAnotherSource& error) {
        EXPECT_EQ(std::string(error.what()),
            dir
                + ": holds the outputs of http://127.0.0.1:9/first.ts; watch "
                  "http://127.0.0.1:9/second.ts into another folder (-o)");
    }
    EXPECT_NO_THROW(WatchSession(
        first, engineOf(extractor, scorer), [](const std::string&) {}, StatusCallback {}));
}

// A restarted watch whose events.jsonl was rotated away: its ids go on after the highest found
// in the folder (old clips and thumbnails, rotated logs), and the old files keep their bytes.
TEST(WatchSession, ARestartedSessionContinuesNumberingAndLeavesOldClipsUntouched)
{
    const std::string dir = scratchDir("watch-session-restart");
    const auto writeText = [&dir](const std::string& name, const std::string& text) {
        std::ofstream(dir + "/" + name) << text;
    };
    writeText("event-000001.mkv", "old clip 1");
    writeText("event-000001.png", "old thumbnail 1");
    writeText("event-000003.mkv", "old clip 3");
    writeText("events.jsonl.1", "{\"format\":\"vigil-event\",\"id\":2}\n");
    const std::string url = "http://127.0.0.1:" + std::to_string(freePort()) + "/live.ts";
    BackgroundProcess server(publishCommand(kWhiteFrom3To6, 9.0, url));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    WatchSession session(
        settingsFor(url, dir), engineOf(extractor, scorer), [](const std::string&) {}, {});
    const CancellationToken cancel;
    ASSERT_EQ(session.run(cancel).alerts, 1);

    const nlohmann::json event = nlohmann::json::parse(linesOf(dir + "/events.jsonl").at(0));
    EXPECT_EQ(event.at("id"), 4);
    EXPECT_EQ(event.at("thumbnail"), "event-000004.png");
    EXPECT_TRUE(std::filesystem::exists(dir + "/event-000004.mkv"));
    // Compared as booleans: an overwritten file holds a clip, not text to print.
    for (const auto& [name, text] : { std::pair { "event-000001.mkv", "old clip 1" },
             { "event-000001.png", "old thumbnail 1" }, { "event-000003.mkv", "old clip 3" } })
        EXPECT_TRUE(linesOf(dir + "/" + name) == std::vector<std::string> { text })
            << name << " was overwritten";
}

// The file names a line of events.jsonl gives (thumbnail, clip) that are not in DIR.
std::vector<std::string> namedButMissing(const std::string& dir)
{
    std::vector<std::string> missing;
    for (const std::string& line : linesOf(dir + "/events.jsonl")) {
        const nlohmann::json event = nlohmann::json::parse(line);
        for (const char* key : { "thumbnail", "clip" })
            if (event.contains(key) && event.at(key).is_string()
                && !std::filesystem::exists(dir + "/" + event.at(key).get<std::string>()))
                missing.push_back(event.at(key).get<std::string>());
    }
    return missing;
}

// The clip is cut a post-roll after the alert closes: the alert's line is written at once
// without it, a clip_written line follows once it is on disk, and --exec runs after that.
TEST(WatchSession, NoLineNamesAClipBeforeItIsOnDiskAndExecRunsOnceItIs)
{
    const std::string dir = scratchDir("watch-session-clip-first");
    const std::string url = "http://127.0.0.1:" + std::to_string(freePort()) + "/live.ts";
    BackgroundProcess server(publishCommand(kWhiteFrom3To6, 9.0, url));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    WatchSettings settings = settingsFor(url, dir);
    settings.outputs.execCommand = "ls " + shellQuoted(dir) + " > "
        + shellQuoted(dir + "/at-hook.txt") + "; cat > " + shellQuoted(dir + "/hook.jsonl");
    WatchSession session(settings, engineOf(extractor, scorer), [](const std::string&) {}, {});
    std::vector<std::string> missingAtClose;
    LiveObserver observer;
    observer.onAlert = [&](const EventRecord&) { missingAtClose = namedButMissing(dir); };
    session.setObserver(observer);
    const CancellationToken cancel;
    ASSERT_EQ(session.run(cancel).alerts, 1);

    EXPECT_EQ(missingAtClose, std::vector<std::string> {});
    EXPECT_EQ(namedButMissing(dir), std::vector<std::string> {});
    const std::vector<std::string> lines = linesOf(dir + "/events.jsonl");
    ASSERT_EQ(lines.size(), 2u);
    const nlohmann::json alert = nlohmann::json::parse(lines[0]);
    const nlohmann::json written = nlohmann::json::parse(lines[1]);
    EXPECT_EQ(alert.at("type"), "alert");
    EXPECT_TRUE(alert.at("clip").is_null());
    EXPECT_EQ(written.at("type"), "clip_written");
    EXPECT_EQ(written.at("id"), alert.at("id"));
    const std::string clip = written.at("clip").get<std::string>();
    EXPECT_EQ(clip, "event-000001.mkv");
    // The hook saw the clip in DIR, and got the alert's line naming it.
    const std::vector<std::string> listing = linesOf(dir + "/at-hook.txt");
    EXPECT_NE(std::find(listing.begin(), listing.end(), clip), listing.end());
    const std::vector<std::string> hooked = linesOf(dir + "/hook.jsonl");
    ASSERT_EQ(hooked.size(), 1u);
    EXPECT_EQ(nlohmann::json::parse(hooked[0]).at("clip"), clip);
}

// ffmpeg serving `seconds` of a lavfi clip over HTTP as fast as it is read (no -re).
std::string fastPublishCommand(const std::string& lavfi, double seconds, const std::string& url)
{
    std::string command = publishCommand(lavfi, seconds, url);
    command.erase(command.find(" -re "), 4);
    return command;
}

// Stream times of scores.csv's rows, as written.
std::vector<double> rowTimes(const std::string& path)
{
    std::vector<double> times;
    const std::vector<std::string> rows = linesOf(path);
    for (size_t i = 1; i < rows.size(); ++i)
        times.push_back(std::atof(rows[i].c_str()));
    return times;
}

// A source faster than real time runs its stream time ahead of the clock; after it drops and
// comes back, the new connection's rows still come after the gap's, and no time comes twice.
TEST(WatchSession, ScoresRowsStayInStreamTimeOrderAcrossAReconnectionOfAFastSource)
{
    const std::string dir = scratchDir("watch-session-fast-reconnect");
    const std::string url = "http://127.0.0.1:" + std::to_string(freePort()) + "/live.ts";
    BackgroundProcess first(fastPublishCommand(kWhiteFrom3To6, 4.0, url));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    const BrightnessExtractor extractor;
    const MeanScorer scorer;
    WatchSettings settings = settingsFor(url, dir);
    settings.reader.giveUpAfterMs = 3000;
    WatchSession session(settings, engineOf(extractor, scorer), [](const std::string&) {}, {});
    std::unique_ptr<BackgroundProcess> second;
    LiveObserver observer;
    observer.onRetryWait = [&](const RetryWait& wait) {
        if (wait.hasConnected && !second)
            second
                = std::make_unique<BackgroundProcess>(fastPublishCommand(kWhiteFrom3To6, 4.0, url));
    };
    session.setObserver(observer);
    const CancellationToken cancel;
    const WatchOutcome outcome = session.run(cancel);

    ASSERT_EQ(outcome.reconnections, 1);
    const std::vector<double> times = rowTimes(dir + "/scores.csv");
    ASSERT_GT(times.size(), 8u);
    for (size_t i = 1; i < times.size(); ++i)
        EXPECT_GT(times[i], times[i - 1]) << "row " << i + 1 << " of scores.csv";
}

TEST(ScoresCsv, RefusesARowAtOrBeforeTheLastOne)
{
    const std::string dir = scratchDir("scores-csv-order");
    ScoresCsv scores(dir);
    EXPECT_TRUE(scores.append(0, 0, 0.5f));
    EXPECT_TRUE(scores.append(640000, 0, std::nullopt));
    EXPECT_FALSE(scores.append(640000, 0, 0.25f)); // a duplicate
    EXPECT_FALSE(scores.append(640400, 0, 0.25f)); // the same time, as printed
    EXPECT_FALSE(scores.append(320000, 0, 0.25f)); // late
    EXPECT_TRUE(scores.append(1280000, 0, 0.75f));
    EXPECT_EQ(scores.rowsRefused(), 3);
    EXPECT_EQ(rowTimes(dir + "/scores.csv"), (std::vector<double> { 0.0, 0.64, 1.28 }));
}

} // namespace
