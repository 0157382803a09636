// `vigil watch` end to end: the real executable with demo weights against streams that ffmpeg
// publishes on 127.0.0.1 (HTTP, MPEG-TS over UDP and TCP), RTSP from GStreamer's server, a server
// that never answers, a stream that drops and comes back, and the stops (end of stream, SIGTERM,
// kill -9).

#include "tests/support/live_stream.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

namespace {

using namespace vigil::test;

constexpr const char* kPattern = "testsrc2=size=160x120:rate=25";

std::string readFile(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

using vigil::test::alertLinesOf;
using vigil::test::linesOf;

// Demo weights, a short window, one network thread; ends giveUpS after the stream does.
std::string watchCommand(const std::string& source, const std::string& dir,
    const std::string& extra = "", int giveUpS = 2)
{
    return vigil::test::vigilExecutable() + " watch " + shellQuoted(source) + " -o "
        + shellQuoted(dir) + " --demo-weights --threads 1 --window 4 --timeout 3 --give-up-after "
        + std::to_string(giveUpS) + " " + extra;
}

void sleepMs(int ms)
{
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

// Waits until `path` has `rows` lines besides its header (the networks load and warm up at their
// own pace on a busy machine); false after `seconds`.
bool waitForRows(const std::string& path, size_t rows, double seconds)
{
    const auto deadline = std::chrono::steady_clock::now()
        + std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000));
    while (std::chrono::steady_clock::now() < deadline) {
        if (linesOf(path).size() >= rows + 1)
            return true;
        sleepMs(100);
    }
    return false;
}

// Every row of scores.csv is whole: a time, a wall time, a score or nothing.
int checkScoresRows(const std::string& path)
{
    const std::vector<std::string> rows = linesOf(path);
    EXPECT_FALSE(rows.empty());
    if (rows.empty())
        return 0;
    EXPECT_EQ(rows[0], "stream_time_s,wall_time,score");
    for (size_t i = 1; i < rows.size(); ++i) {
        SCOPED_TRACE(rows[i]);
        EXPECT_EQ(std::count(rows[i].begin(), rows[i].end(), ','), 2);
        EXPECT_EQ(rows[i].find('Z'), rows[i].rfind(',') - 1);
    }
    return static_cast<int>(rows.size()) - 1;
}

TEST(WatchCommand, HttpStreamGivesScoresAndAnAlertWithThumbnailAndClipAndNoCredentials)
{
    const std::string dir = scratchDir("watch-http");
    const int port = freePort();
    BackgroundProcess server(
        publishCommand(kPattern, 6.0, "http://127.0.0.1:" + std::to_string(port) + "/s.ts"));
    sleepMs(300);
    const std::string url = "http://viewer:hunter2@127.0.0.1:" + std::to_string(port) + "/s.ts";
    // --on 0: every scored step is part of the alert, which the end of the stream closes: the
    // stream was lost, the watch was not stopped.
    const CommandResult result = runCommand("timeout 60 "
        + watchCommand(url, dir,
            "--on 0 --off 0 --min-duration 0 --pre 1 --post 1 --exec "
                + shellQuoted("cat > " + shellQuoted(dir + "/hook.jsonl"))));
    SCOPED_TRACE(result.output);
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_NE(result.output.find("http://***@127.0.0.1"), std::string::npos);
    EXPECT_EQ(result.output.find("hunter2"), std::string::npos);
    EXPECT_GT(checkScoresRows(dir + "/scores.csv"), 3);
    const std::vector<std::string> lines = linesOf(dir + "/events.jsonl");
    const std::vector<std::string> events = alertLinesOf(dir + "/events.jsonl");
    ASSERT_EQ(events.size(), 1u);
    ASSERT_EQ(lines.size(), 2u); // the alert, then its clip_written line
    EXPECT_EQ(lines[0], events[0]);
    EXPECT_EQ(lines[1].find("hunter2"), std::string::npos);
    EXPECT_EQ(events[0].find("hunter2"), std::string::npos);
    const nlohmann::json event = nlohmann::json::parse(events[0]);
    EXPECT_EQ(event.at("closed_by"), "stream-lost");
    EXPECT_EQ(event.at("peak_attention").size(), 3u); // the demo classifier's r = 3
    // Demo weights say so in every alert, and the run names its networks and preprocessing.
    EXPECT_NE(event.at("networks").get<std::string>().find("DEMO"), std::string::npos);
    EXPECT_NE(result.output.find("networks: "), std::string::npos);
    EXPECT_NE(result.output.find("preprocessing: i3d-resnet-extractor"), std::string::npos);
    // --exec got the alert's line once its clip was written, naming it.
    const std::vector<std::string> hooked = linesOf(dir + "/hook.jsonl");
    ASSERT_EQ(hooked.size(), 1u);
    const nlohmann::json hookEvent = nlohmann::json::parse(hooked[0]);
    EXPECT_EQ(hookEvent.at("id"), event.at("id"));
    EXPECT_TRUE(event.at("clip").is_null()); // not on disk when the alert line was written
    EXPECT_EQ(hookEvent.at("clip"), nlohmann::json::parse(lines[1]).at("clip"));
    EXPECT_EQ(hookEvent.at("peak_score"), event.at("peak_score"));
    const std::string png = readFile(dir + "/" + event.at("thumbnail").get<std::string>());
    EXPECT_EQ(png.substr(1, 3), "PNG");
    const CommandResult probe = runCommand("ffprobe -v error -count_frames -show_entries "
                                           "stream=codec_name,nb_read_frames -of csv=p=0 "
        + shellQuoted(dir + "/" + hookEvent.at("clip").get<std::string>()));
    EXPECT_EQ(probe.exitCode, 0) << probe.output;
    EXPECT_EQ(probe.output.rfind("mpeg2video,", 0), 0u) << probe.output; // stream copy
}

// UDP drops what is sent before the receiver binds: the stream starts once `vigil watch` has
// bound its port (a readiness probe on /proc/net/udp), not after a guess at its start-up time,
// which a busy machine outlasts.
TEST(WatchCommand, ReadsMpegTsOverUdp)
{
    const std::string dir = scratchDir("watch-udp");
    const int port = freePort(SOCK_DGRAM);
    const std::string url = "udp://127.0.0.1:" + std::to_string(port);
    char portHex[8];
    std::snprintf(portHex, sizeof portHex, "%04X", port);
    const std::string script = "timeout 60 " + watchCommand(url, dir, "-q") + " & pid=$!; "
        + "for i in $(seq 1200); do grep -q ':" + portHex + " ' /proc/net/udp && break; "
        + "sleep 0.05; done; " + publishCommand(kPattern, 6.0, url + "?pkt_size=1316")
        + " >/dev/null 2>&1; wait $pid";
    const CommandResult result = runCommand("bash -c " + shellQuoted(script));
    SCOPED_TRACE(result.output);
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_GT(checkScoresRows(dir + "/scores.csv"), 2);
}

TEST(WatchCommand, ReadsMpegTsOverTcp)
{
    const std::string dir = scratchDir("watch-tcp");
    const std::string url = "tcp://127.0.0.1:" + std::to_string(freePort());
    BackgroundProcess server(publishCommand(kPattern, 6.0, url + "?listen=1"));
    sleepMs(300);
    const CommandResult result = runCommand("timeout 60 " + watchCommand(url, dir, "-q"));
    SCOPED_TRACE(result.output);
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_GT(checkScoresRows(dir + "/scores.csv"), 2);
}

// Detectors of both families of features, live: each step's 16 frames are extracted by
// I3D-ResNet-50 for the classifier and RTFM and by Inception-I3D for UR-DMU, and every column
// of a scored row has its rolling opinion.
TEST(WatchCommand, ScoresDetectorsOfBothFamiliesAsRollingOpinions)
{
    const std::string dir = scratchDir("watch-two-families");
    const std::string url = "tcp://127.0.0.1:" + std::to_string(freePort());
    BackgroundProcess server(publishCommand(kPattern, 6.0, url + "?listen=1"));
    sleepMs(300);
    const CommandResult result
        = runCommand("timeout 90 " + watchCommand(url, dir, "-q --detectors attention,rtfm,urdmu"));
    SCOPED_TRACE(result.output);
    EXPECT_EQ(result.exitCode, 0);
    const std::vector<std::string> rows = linesOf(dir + "/scores.csv");
    ASSERT_GT(rows.size(), 3u);
    EXPECT_EQ(rows[0], "stream_time_s,wall_time,score,rtfm,urdmu");
    int scored = 0;
    for (size_t i = 1; i < rows.size(); ++i) {
        const std::string& row = rows[i];
        const size_t score = row.find(',', row.find(',') + 1) + 1;
        if (row[score] == ',')
            continue; // a step the window has not scored yet: every column empty
        ++scored;
        EXPECT_EQ(row.find(",,"), std::string::npos) << row;
        EXPECT_NE(row.back(), ',') << row;
    }
    EXPECT_GT(scored, 0);
}

// The first open is retried as a dropped stream is; with --give-up-after the run ends, exit 1.
TEST(WatchCommand, StalledServerTimesOutWithOneLineAndIsRetriedUntilGiveUpAfter)
{
    const std::string dir = scratchDir("watch-stall");
    const int port = freePort();
    // Accepts the connection and never sends a byte.
    BackgroundProcess server(
        "/usr/bin/python3 -c 'import socket,time\n"
        "s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
        "s.bind((\"127.0.0.1\","
        + std::to_string(port) + ")); s.listen(4)\nc=s.accept()\ntime.sleep(60)'");
    sleepMs(500);
    const auto start = std::chrono::steady_clock::now();
    const CommandResult result = runCommand("timeout 60 " + vigil::test::vigilExecutable()
        + " watch tcp://127.0.0.1:" + std::to_string(port) + " -o " + shellQuoted(dir)
        + " --demo-weights --timeout 2 --give-up-after 3");
    const double seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    SCOPED_TRACE(result.output);
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_LT(seconds, 20.0);
    std::istringstream lines(result.output);
    int timeoutLines = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.find("warning: using demo") != std::string::npos
            || line.rfind("networks: ", 0) == 0 || line.rfind("preprocessing: ", 0) == 0)
            continue; // what the run would score with, said before the source is opened
        EXPECT_EQ(line.rfind("vigil: tcp://127.0.0.1:", 0), 0u) << line;
        timeoutLines += line.find("timed out") != std::string::npos ? 1 : 0;
    }
    EXPECT_EQ(timeoutLines, 1);
    EXPECT_NE(result.output.find("timed out); retrying"), std::string::npos);
    EXPECT_NE(result.output.find(": not opened in "), std::string::npos);
    EXPECT_NE(result.output.find("0 steps scored, 0 skipped, 0 alerts, 0 reconnections"),
        std::string::npos);
}

TEST(WatchCommand, ReconnectsWhenTheStreamDropsAndMarksTheGap)
{
    const std::string dir = scratchDir("watch-reconnect");
    const int port = freePort();
    const std::string url = "http://127.0.0.1:" + std::to_string(port) + "/s.ts";
    auto first = std::make_unique<BackgroundProcess>(publishCommand(kPattern, 4.0, url));
    sleepMs(300);
    BackgroundProcess watcher(
        watchCommand(url, dir, "> " + shellQuoted(dir + "/log.txt") + " 2>&1", 4));
    EXPECT_EQ(first->wait(20), 0); // the first stream ran its 4 s and ended
    sleepMs(1500);
    BackgroundProcess second(publishCommand(kPattern, 4.0, url));
    const int exitCode = watcher.wait(40);
    const std::string log = readFile(dir + "/log.txt");
    SCOPED_TRACE(log);
    EXPECT_EQ(exitCode, 0);
    EXPECT_NE(log.find("stream dropped"), std::string::npos);
    EXPECT_NE(log.find("reconnected after"), std::string::npos);
    EXPECT_NE(log.find(", 1 reconnection\n"), std::string::npos);
    checkScoresRows(dir + "/scores.csv");
    const std::vector<std::string> rows = linesOf(dir + "/scores.csv");
    // The gap: a row without a score between scored rows of both connections.
    size_t gapRow = 0;
    for (size_t i = 2; i + 1 < rows.size() && gapRow == 0; ++i)
        if (rows[i].back() == ',' && rows[i - 1].back() != ',')
            gapRow = i;
    EXPECT_GT(gapRow, 0u);
}

TEST(WatchCommand, SigtermClosesTheOpenAlertAndExits130)
{
    const std::string dir = scratchDir("watch-sigterm");
    const std::string url = "http://127.0.0.1:" + std::to_string(freePort()) + "/s.ts";
    BackgroundProcess server(publishCommand(kPattern, 60.0, url));
    sleepMs(300);
    BackgroundProcess watcher(
        watchCommand(url, dir, "--on 0 --off 0 --min-duration 0 > /dev/null 2>&1"));
    // A scored step (so an alert is open), then a little more.
    ASSERT_TRUE(waitForRows(dir + "/scores.csv", 2, 40.0));
    watcher.signal(SIGTERM);
    EXPECT_EQ(watcher.wait(20), 130);
    const std::vector<std::string> events = alertLinesOf(dir + "/events.jsonl");
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(nlohmann::json::parse(events[0]).at("closed_by"), "stop");
}

TEST(WatchCommand, FilesAreWholeAfterKill9)
{
    const std::string dir = scratchDir("watch-kill9");
    const std::string url = "http://127.0.0.1:" + std::to_string(freePort()) + "/s.ts";
    BackgroundProcess server(publishCommand(kPattern, 60.0, url));
    sleepMs(300);
    BackgroundProcess watcher(watchCommand(url, dir, "> /dev/null 2>&1"));
    ASSERT_TRUE(waitForRows(dir + "/scores.csv", 3, 40.0));
    watcher.signal(SIGKILL);
    watcher.wait(10);
    EXPECT_GT(checkScoresRows(dir + "/scores.csv"), 0);
    for (const std::string& line : linesOf(dir + "/events.jsonl"))
        EXPECT_NO_THROW(nlohmann::json::parse(line));
}

// One watcher per folder: while one writes in DIR, a second is refused in one line, exit 2,
// before it writes anything there.
TEST(WatchCommand, ASecondWatchOnTheSameFolderIsRefusedInOneLineWithExit2)
{
    const std::string dir = scratchDir("watch-lock");
    const std::string url = "http://127.0.0.1:" + std::to_string(freePort()) + "/s.ts";
    BackgroundProcess server(publishCommand(kPattern, 60.0, url));
    sleepMs(300);
    BackgroundProcess first(watchCommand(url, dir, "> /dev/null 2>&1"));
    ASSERT_TRUE(waitForRows(dir + "/scores.csv", 1, 40.0));
    const CommandResult second = runCommand("timeout 60 "
        + watchCommand("http://127.0.0.1:" + std::to_string(freePort()) + "/other.ts", dir, "-q"));
    EXPECT_EQ(second.exitCode, 2) << second.output;
    EXPECT_NE(second.output.find("vigil: " + dir + ": another vigil watch is writing here\n"),
        std::string::npos)
        << second.output;
    first.signal(SIGTERM);
    EXPECT_EQ(first.wait(20), 130);
    checkScoresRows(dir + "/scores.csv");
}

TEST(WatchCommand, RefusesASourceThatIsNotLive)
{
    const CommandResult result = runCommand(
        "timeout 60 " + vigil::test::vigilExecutable() + " watch video.mp4 --demo-weights");
    EXPECT_EQ(result.exitCode, 2) << result.output;
    EXPECT_NE(result.output.find("vigil: video.mp4: not a live source"), std::string::npos)
        << result.output;
}

// RTSP through Debian's GStreamer RTSP server (tests/support/rtsp_server.py;
// scripts/setup-debian.sh installs it): ffmpeg cannot serve RTSP by itself. MJPEG over RTP, the
// interleaved or UDP transport FFmpeg negotiates.
TEST(WatchCommand, ReadsAnRtspStream)
{
    if (runCommand(
            "/usr/bin/python3 -c 'import gi; gi.require_version(\"GstRtspServer\", \"1.0\")'")
            .exitCode
        != 0)
        GTEST_SKIP()
            << "Debian's GStreamer RTSP server (gir1.2-gst-rtsp-server-1.0, python3-gi) is "
               "not installed; scripts/setup-debian.sh installs it";
    const std::string dir = scratchDir("watch-rtsp");
    const int port = freePort();
    BackgroundProcess server("/usr/bin/python3 "
        + shellQuoted(vigil::test::sourceDir() + "/tests/support/rtsp_server.py") + " --port "
        + std::to_string(port) + " --seconds 12");
    sleepMs(1500); // GStreamer starts its main loop
    const std::string url = "rtsp://viewer:hunter2@127.0.0.1:" + std::to_string(port) + "/live";
    const CommandResult result = runCommand("timeout 60 " + watchCommand(url, dir));
    SCOPED_TRACE(result.output);
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_EQ(result.output.find("hunter2"), std::string::npos);
    EXPECT_GT(checkScoresRows(dir + "/scores.csv"), 3);
}

} // namespace
