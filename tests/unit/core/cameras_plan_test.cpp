// live::planCameras and the cameras file: which folder each camera of one `vigil watch` writes,
// and the problems that stop a watch before anything is opened.

#include "core/common/error.h"
#include "core/live/cameras_plan.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>

namespace {

using namespace vigil;
using namespace vigil::live;

WatchChoices commonChoices(const std::string& outputDir)
{
    WatchChoices choices;
    choices.outputDir = outputDir;
    choices.on = 0.7;
    choices.off = 0.5;
    return choices;
}

TEST(CamerasPlan, OneUnnamedCameraWritesInDirItselfAsBefore)
{
    const CamerasPlan plan
        = planCameras({ cameraEntryOf("udp://127.0.0.1:5000") }, commonChoices("out"));
    ASSERT_EQ(plan.problem, "");
    ASSERT_EQ(plan.cameras.size(), 1u);
    EXPECT_EQ(plan.cameras[0].settings->outputs.outputDir, "out");
}

TEST(CamerasPlan, SeveralCamerasEachWriteTheirOwnFolderWithTheirOwnThresholds)
{
    CameraEntry door = cameraEntryOf("door=rtsp://admin:pw@10.0.0.5/live");
    door.on = 0.9;
    const CamerasPlan plan = planCameras(
        { door, cameraEntryOf("http://127.0.0.1:8080/s.ts?a=b") }, commonChoices("out"));
    ASSERT_EQ(plan.problem, "");
    ASSERT_EQ(plan.cameras.size(), 2u);
    EXPECT_EQ(plan.names[0], "door");
    EXPECT_EQ(plan.cameras[0].settings->outputs.outputDir, "out/door");
    EXPECT_EQ(plan.cameras[0].settings->reader.source.location, "rtsp://admin:pw@10.0.0.5/live");
    EXPECT_FLOAT_EQ(plan.cameras[0].settings->alerts.on, 0.9f);
    EXPECT_FLOAT_EQ(plan.cameras[0].settings->alerts.off, 0.5f);
    // A URL's query is not a name; the unnamed camera is named after its source.
    EXPECT_EQ(plan.names[1], "http___127.0.0.1_8080_s.ts_a_b");
    EXPECT_EQ(plan.cameras[1].settings->outputs.outputDir, "out/http___127.0.0.1_8080_s.ts_a_b");
    EXPECT_FLOAT_EQ(plan.cameras[1].settings->alerts.on, 0.7f);
}

TEST(CamerasPlan, NamesAndFoldersAreNeverShared)
{
    EXPECT_NE(planCameras({ cameraEntryOf("a=udp://127.0.0.1:5000"),
                              cameraEntryOf("a=udp://127.0.0.1:5001") },
                  commonChoices("out"))
                  .problem.find("two cameras are named \"a\""),
        std::string::npos);
    CameraEntry b = cameraEntryOf("b=udp://127.0.0.1:5001");
    b.folder = "a/../a";
    EXPECT_NE(planCameras({ cameraEntryOf("a=udp://127.0.0.1:5000"), b }, commonChoices("out"))
                  .problem.find("two cameras would write in"),
        std::string::npos);
}

TEST(CamerasPlan, SeveralCamerasNeedAnOutputFolderAndSaneThresholds)
{
    EXPECT_NE(planCameras(
                  { cameraEntryOf("udp://127.0.0.1:5000"), cameraEntryOf("udp://127.0.0.1:5001") },
                  commonChoices(""))
                  .problem.find("need -o DIR"),
        std::string::npos);
    CameraEntry hot = cameraEntryOf("hot=udp://127.0.0.1:5000");
    hot.off = 0.95; // above the common --on 0.7: no hysteresis
    EXPECT_NE(planCameras({ hot }, commonChoices("out")).problem.find("must not be above"),
        std::string::npos);
    hot.off = 1.5;
    EXPECT_EQ(planCameras({ hot }, commonChoices("out")).problem,
        "udp://127.0.0.1:5000: thresholds are between 0 and 1");
}

std::string writeCamerasFile(const std::string& text)
{
    const std::string path = test::scratchDir("cameras-file") + "/cameras.json";
    std::ofstream(path) << text;
    return path;
}

TEST(CamerasFile, ReadsEachCameraWithItsOwnSettings)
{
    const std::vector<CameraEntry> entries = readCamerasFile(writeCamerasFile(
        R"({"cameras": [{"name": "door", "source": "udp://127.0.0.1:5000", "on": 0.8,
             "off": 0.6, "min_duration": 2, "folder": "front"},
            {"source": "/dev/video0"}]})"));
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[0].name, "door");
    EXPECT_EQ(entries[0].folder, "front");
    EXPECT_EQ(entries[0].on, 0.8);
    EXPECT_EQ(entries[0].off, 0.6);
    EXPECT_EQ(entries[0].minDurationS, 2.0);
    EXPECT_EQ(entries[1].location, "/dev/video0");
    EXPECT_FALSE(entries[1].on);
}

TEST(CamerasFile, RefusesTyposWrongTypesAndWhatIsNotAFileInOneLine)
{
    for (const char* text : { R"({"cameras": [{"source": "udp://x:1", "onn": 0.8}]})",
             R"({"cameras": [{"source": 5}]})", R"({"cameras": []})", "[1, 2", "" }) {
        SCOPED_TRACE(text);
        try {
            readCamerasFile(writeCamerasFile(text));
            ADD_FAILURE() << "accepted";
        } catch (const IoError& error) {
            EXPECT_NE(std::string(error.what()).find("not a cameras file"), std::string::npos)
                << error.what();
            EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos);
        }
    }
    EXPECT_THROW(readCamerasFile("/dev/zero"), IoError);
}

} // namespace
