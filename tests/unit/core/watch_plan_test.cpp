// live::planWatch: the one place the CLI (`vigil watch`) and the desktop app (File > Open
// Stream…) turn a user's choices into watch settings, or into the one problem that stops them.

#include "core/live/watch_plan.h"

#include <gtest/gtest.h>

namespace {

using namespace vigil;
using namespace vigil::live;

TEST(WatchPlan, TurnsChoicesIntoSettingsWithTheSourceRedactedEverywhereItIsShown)
{
    WatchChoices choices;
    choices.location = "rtsp://admin:hunter2@10.0.0.5:554/live";
    choices.on = 0.7;
    choices.off = 0.4;
    choices.minDurationS = 2.0;
    choices.preRollS = 3.0;
    choices.postRollS = 4.0;
    choices.windowSteps = 8;
    choices.timeoutS = 2.5;
    choices.giveUpAfterS = 60.0;
    const WatchPlan plan = planWatch(choices);
    ASSERT_TRUE(plan.settings) << plan.problem;
    EXPECT_EQ(plan.problem, "");
    EXPECT_EQ(plan.displayName, "rtsp://***@10.0.0.5:554/live");
    const WatchSettings& settings = *plan.settings;
    EXPECT_EQ(settings.reader.source.location, choices.location); // the decoder needs it all
    EXPECT_EQ(settings.reader.source.timeoutMs, 2500);
    EXPECT_EQ(settings.reader.displayName, plan.displayName);
    EXPECT_EQ(settings.outputs.sourceName, plan.displayName);
    EXPECT_EQ(settings.outputs.outputDir, "watch-rtsp_______10.0.0.5_554_live");
    EXPECT_EQ(settings.reader.giveUpAfterMs, 60000);
    EXPECT_EQ(settings.reader.reconnectMaxDelayMs, 30000);
    EXPECT_EQ(settings.outputs.preRollUs, 3000000);
    EXPECT_EQ(settings.outputs.postRollUs, 4000000);
    EXPECT_EQ(settings.reader.ringDurationUs, 3000000 + 4000000 + 120000000);
    EXPECT_FLOAT_EQ(settings.alerts.on, 0.7f);
    EXPECT_FLOAT_EQ(settings.alerts.off, 0.4f);
    EXPECT_EQ(settings.alerts.minDurationUs, 2000000);
    EXPECT_EQ(settings.windowSteps, 8);
}

TEST(WatchPlan, RefusesWithOneProblemEachWhatCannotStart)
{
    WatchChoices remembered;
    remembered.location = "http://***@127.0.0.1:8080/s.ts";
    EXPECT_NE(planWatch(remembered).problem.find("not remembered"), std::string::npos);

    WatchChoices hysteresis;
    hysteresis.location = "udp://127.0.0.1:1234";
    hysteresis.on = 0.5;
    hysteresis.off = 0.6;
    EXPECT_NE(planWatch(hysteresis).problem.find("hysteresis"), std::string::npos);

    WatchChoices file;
    file.location = "clip.mp4";
    const WatchPlan refused = planWatch(file);
    EXPECT_FALSE(refused.settings);
    EXPECT_EQ(refused.problem.rfind("clip.mp4: ", 0), 0u) << refused.problem;

    WatchChoices secret;
    secret.location = "ftp://admin:hunter2@host/s"; // not a live scheme: named redacted
    const WatchPlan named = planWatch(secret);
    EXPECT_FALSE(named.settings);
    EXPECT_EQ(named.problem.find("hunter2"), std::string::npos) << named.problem;

    EXPECT_EQ(backboneProblem(BackboneKind::I3dResNet50), "");
    EXPECT_NE(backboneProblem(BackboneKind::ResNet50).find("i3d-r50"), std::string::npos);
}

} // namespace
