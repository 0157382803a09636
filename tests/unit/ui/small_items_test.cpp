// The small things an operator trips on in the first minutes: PNG names without a doubled dot,
// a timeline PNG without the Fit button and scroll bar, Open Recent telling two files of one
// name apart, and Settings not promising an installed classifier that is not there.

#include "tests/unit/ui/fake_engine.h"
#include "ui/exports.h"
#include "ui/main_window.h"
#include "ui/recent_files_menu.h"
#include "ui/settings_dialog.h"
#include "ui/timeline_panel.h"
#include "ui/timeline_view.h"

#include <QComboBox>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

namespace {

using namespace vigil::ui;

TEST(SmallItems, FramePngNamesHaveOneDotAndSixDigits)
{
    EXPECT_EQ(framePngSuffix(640), QStringLiteral("frame-000640"));
    EXPECT_TRUE(defaultPngPath(QStringLiteral("/videos/vtest.avi"), framePngSuffix(640))
                    .endsWith(QStringLiteral("/vtest.frame-000640.png")));
}

TEST(SmallItems, TheTimelinePngHoldsThePlotsOnly)
{
    MainWindow window(vigil::test::fakeEngine(4));
    window.resize(1400, 880);
    window.show();
    QSignalSpy succeeded(&window, &MainWindow::analysisSucceeded);
    window.openVideo(QString::fromStdString(vigil::test::uiClip("small_400.mp4", 400)));
    ASSERT_TRUE(succeeded.wait(60000)) << window.errorText().toStdString();
    TimelinePanel* panel = window.timelinePanel();
    const QImage image = panel->plotsImage();
    EXPECT_EQ(image.width(), panel->width());
    EXPECT_LT(image.height(), panel->height() - panel->scrollBar()->height())
        << "no scroll bar, no header row with the Fit button";
    EXPECT_GE(image.height(), panel->timeline()->height());
    // The top rows are the timeline's own pixels, where the panel's header would be.
    const QImage timeline = panel->timeline()->grab().toImage();
    EXPECT_EQ(image.copy(panel->timeline()->x(), 0, timeline.width(), 10)
                  .convertToFormat(QImage::Format_RGB32),
        timeline.copy(0, 0, timeline.width(), 10).convertToFormat(QImage::Format_RGB32));
}

TEST(SmallItems, RecentFilesOfOneNameShowTheirFolders)
{
    const QStringList files { QStringLiteral("/a/cam/vtest.avi"), QStringLiteral("/b/vtest.avi"),
        QStringLiteral("/b/other.mp4") };
    EXPECT_EQ(recentFileLabel(files, 0), QStringLiteral("vtest.avi — /a/cam"));
    EXPECT_EQ(recentFileLabel(files, 1), QStringLiteral("vtest.avi — /b"));
    EXPECT_EQ(recentFileLabel(files, 2), QStringLiteral("other.mp4"));
}

TEST(SmallItems, SettingsSayWhenNoClassifierIsInstalled)
{
    SettingsDialog none(AppSettings {}, {}, QString());
    auto* box = none.findChild<QComboBox*>(QStringLiteral("classifierBox"));
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->itemText(0).contains(QStringLiteral("none installed")));
    SettingsDialog some(AppSettings {}, { QStringLiteral("classifier-da64-r3") }, QString());
    auto* installed = some.findChild<QComboBox*>(QStringLiteral("classifierBox"));
    EXPECT_EQ(
        installed->itemText(0), QStringLiteral("Default: the installed published classifier"));
}

} // namespace
