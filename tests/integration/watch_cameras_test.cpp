// One `vigil watch` over several cameras: the real executable with demo weights against two
// streams that ffmpeg serves on 127.0.0.1, and the refusals of a cameras file.

#include "tests/support/live_stream.h"
#include "tests/support/run_command.h"
#include "tests/support/test_paths.h"
#include "tests/support/text_lines.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace {

using namespace vigil::test;

std::string tcpUrl(int port)
{
    return "tcp://127.0.0.1:" + std::to_string(port);
}

TEST(WatchCommand, TwoCamerasShareOneProcessAndEachWritesItsOwnFolder)
{
    const std::string dir = scratchDir("watch-cameras");
    const int portA = freePort();
    const int portB = freePort();
    BackgroundProcess serverA(
        publishCommand("testsrc2=size=160x120:rate=25", 6.0, tcpUrl(portA) + "?listen=1"));
    BackgroundProcess serverB(
        publishCommand("smptebars=size=160x120:rate=25", 6.0, tcpUrl(portB) + "?listen=1"));
    ASSERT_TRUE(waitUntilListening(tcpUrl(portA), 10.0));
    ASSERT_TRUE(waitUntilListening(tcpUrl(portB), 10.0));
    const CommandResult result = runCommand("timeout 90 " + vigilExecutable() + " watch "
        + shellQuoted("door=" + tcpUrl(portA)) + " " + shellQuoted("yard=" + tcpUrl(portB)) + " -o "
        + shellQuoted(dir)
        + " --demo-weights --threads 1 --window 4 --timeout 3 --give-up-after 2");
    SCOPED_TRACE(result.output);
    EXPECT_EQ(result.exitCode, 0);
    for (const std::string name : { "door", "yard" }) {
        SCOPED_TRACE(name);
        const std::vector<std::string> rows = linesOf(dir + "/" + name + "/scores.csv");
        ASSERT_GT(rows.size(), 3u);
        EXPECT_EQ(rows[0], "stream_time_s,wall_time,score");
        // Each camera's status line names it, and its health file is its own.
        EXPECT_NE(result.output.find("vigil: watch " + name + ": "), std::string::npos);
        const nlohmann::json status
            = nlohmann::json::parse(linesOf(dir + "/" + name + "/status.json").at(0));
        EXPECT_NE(
            status.dump().find(std::to_string(name == "door" ? portA : portB)), std::string::npos);
    }
    EXPECT_FALSE(std::filesystem::exists(dir + "/scores.csv")); // nothing shared in DIR itself
    // Issue 38: the process's health over both cameras, for one health check.
    const nlohmann::json process = nlohmann::json::parse(linesOf(dir + "/status.json").at(0));
    EXPECT_EQ(process["format"], "vigil-watch-process-status");
    ASSERT_EQ(process["cameras"].size(), 2u) << process;
    EXPECT_EQ(process["cameras"][0]["name"], "door");
    EXPECT_EQ(process["cameras"][1]["name"], "yard");
    for (const nlohmann::json& camera : process["cameras"]) {
        EXPECT_EQ(camera["state"], "ended") << camera;
        EXPECT_GT(camera["scored_per_s"].get<double>(), 0.0) << camera;
    }
}

TEST(WatchCommand, CamerasThatWouldShareAFolderAreRefusedBeforeAnythingOpens)
{
    const std::string dir = scratchDir("watch-cameras-refused");
    const std::string cameras = dir + "/cameras.json";
    std::ofstream(cameras) << R"({"cameras": [{"name": "a", "source": "udp://127.0.0.1:9"},
        {"name": "b", "source": "udp://127.0.0.1:10", "folder": "a"}]})";
    const CommandResult shared = runCommand(vigilExecutable() + " watch --cameras "
        + shellQuoted(cameras) + " -o " + shellQuoted(dir) + " --demo-weights");
    EXPECT_EQ(shared.exitCode, 2) << shared.output;
    EXPECT_NE(shared.output.find("two cameras would write in"), std::string::npos) << shared.output;
    std::ofstream(cameras) << R"({"cameras": [{"name": "a", "source": "udp://127.0.0.1:9",
        "treshold": 0.5}]})";
    const CommandResult typo = runCommand(vigilExecutable() + " watch --cameras "
        + shellQuoted(cameras) + " -o " + shellQuoted(dir) + " --demo-weights");
    EXPECT_EQ(typo.exitCode, 2) << typo.output;
    EXPECT_EQ(
        typo.output, "vigil: " + cameras + ": not a cameras file: unknown key \"treshold\"\n");
}

} // namespace
