// The GUI's Export clip is `vigil clips`: on a variable-frame-rate video (10 s at 10 fps, then
// 10 s at 30 fps) both cut the same stretches, from the frames' timestamps, under the same
// event-NN names. Fake networks on a clip ffmpeg makes here; offscreen.

#include "core/clips/result_clips.h"
#include "core/formats/result_files.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/events/events_panel.h"
#include "ui/events/events_table.h"
#include "ui/main/clip_export.h"
#include "ui/main/main_window.h"

#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace {

namespace fs = std::filesystem;
using namespace vigil;
using namespace vigil::ui;

// Frames 0..99 are 100 ms apart, frames 100..399 a thirtieth of a second: 20 fps on average,
// so frame / fps puts frame 250 at 12.5 s where it really is at 15 s.
std::string variableRateClip(const std::string& dir)
{
    const std::string path = dir + "/vfr.mkv";
    const test::CommandResult made = test::runCommand(
        "ffmpeg -nostdin -y -v error -f lavfi -i testsrc2=size=160x120:rate=30 -frames:v 400 "
        // In the source's time base (1/30 s): whole numbers, so no two frames round together.
        "-vf \"setpts='if(lt(N,100),N*3,200+N)'\" -fps_mode passthrough "
        "-c:v mpeg4 -q:v 4 -g 10 "
        + test::shellQuoted(path));
    EXPECT_EQ(made.exitCode, 0) << made.output;
    return path;
}

TEST(ClipExport, CutsTheSameStretchesUnderTheSameNamesAsVigilClipsOnAVariableFrameRateVideo)
{
    const std::string dir = test::scratchDir("ui_vfr_export");
    const std::string video = variableRateClip(dir);
    MainWindow window(test::fakeEngine(4));
    QSignalSpy analysed(&window, &MainWindow::analysisSucceeded);
    window.openVideo(QString::fromStdString(video));
    ASSERT_TRUE(analysed.wait(60000)) << window.errorText().toStdString();
    const ResultPointer shown = window.shownResult();
    ASSERT_TRUE(shown);
    ASSERT_EQ(shown->framePtsUs.size(), 400u);
    ASSERT_EQ(shown->framePtsUs[250], 15000000);

    // Halfway between the lowest and highest score: some windows in, some out.
    const auto [low, high]
        = std::minmax_element(shown->frameScores.begin(), shown->frameScores.end());
    window.eventsPanel()->thresholdBox()->setValue((*low + *high) / 2.0);
    const double threshold = window.eventsPanel()->thresholdBox()->value();
    const auto events = window.eventsTable()->events();
    ASSERT_FALSE(events.empty());

    // `vigil clips` on the result as the GUI saves it.
    const formats::WrittenFiles saved = formats::writeResultFiles(*shown, dir + "/results", "vfr");
    std::vector<clips::EventClip> cli;
    for (const clips::ResultToClip& result :
        clips::findResultsToClip({ saved.jsonPath }, dir + "/cli"))
        clips::cutResultClips(
            result, clips::ClipSettings { vigil::analysis::EventRule { {}, threshold }, 2.0, 2.0 },
            [&](const clips::EventClip& clip) { cli.push_back(clip); }, nullptr);
    ASSERT_EQ(cli.size(), events.size());

    ClipExport* exporter = window.eventsPanel()->clipExport();
    fs::create_directories(dir + "/gui");
    for (size_t i = 0; i < events.size(); ++i) {
        SCOPED_TRACE(i);
        const std::string name = fs::path(cli[i].cut.outputPath).filename().string();
        EXPECT_EQ(name, "vfr.event-0" + std::to_string(i + 1) + ".mkv");
        EXPECT_EQ(
            fs::path(window.eventsPanel()->defaultClipPath(events[i]).toStdString()).filename(),
            name);
        QSignalSpy succeeded(exporter, &ClipExport::succeeded);
        QSignalSpy finished(exporter, &ClipExport::finished);
        window.eventsPanel()->exportClip(events[i], QString::fromStdString(dir + "/gui/" + name));
        ASSERT_TRUE(finished.wait(30000));
        ASSERT_EQ(succeeded.count(), 1);
        EXPECT_NEAR(succeeded.at(0).at(1).toDouble(), cli[i].cut.startS, 1e-3);
        EXPECT_NEAR(succeeded.at(0).at(2).toDouble(), cli[i].cut.endS, 1e-3);
        EXPECT_EQ(fs::file_size(dir + "/gui/" + name), fs::file_size(cli[i].cut.outputPath));
    }
}

} // namespace
