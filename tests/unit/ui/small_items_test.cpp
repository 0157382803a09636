// The small things an operator trips on in the first minutes: PNG names without a doubled dot,
// a timeline PNG without the Fit button and scroll bar, Open Recent telling two files of one
// name apart, status messages that end in "…" before the labels beside them, and Settings not
// promising an installed classifier that is not there.

#include "tests/unit/ui/fake_engine.h"
#include "ui/common/fitted_status_bar.h"
#include "ui/common/threshold_text.h"
#include "ui/common/time_format.h"
#include "ui/main/exports.h"
#include "ui/main/main_window.h"
#include "ui/main/recent_files_menu.h"
#include "ui/main/settings_dialog.h"
#include "ui/plots/plot_axes.h"
#include "ui/timeline/event_threshold.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"
#include "ui/timeline/timeline_viewport.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMainWindow>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

#include <cmath>

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
    SettingsDialog none(AppSettings {}, {}, QString(), QString());
    auto* box = none.findChild<QComboBox*>(QStringLiteral("classifierBox"));
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->itemText(0).contains(QStringLiteral("none installed")));
    SettingsDialog some(
        AppSettings {}, { QStringLiteral("classifier-da64-r3") }, QString(), QString());
    auto* installed = some.findChild<QComboBox*>(QStringLiteral("classifierBox"));
    EXPECT_EQ(
        installed->itemText(0), QStringLiteral("Default: the installed published classifier"));
}

// 400 frames: the first 100 score 0.9 (an event at the threshold 0.5), the rest `rest`.
struct EventAtTheStart {
    explicit EventAtTheStart(float rest)
        : view(&viewport)
    {
        viewport.setFrameCount(400);
        view.resize(900, 200);
        auto result = std::make_shared<vigil::analysis::AnalysisResult>();
        for (int i = 0; i < 400; ++i)
            result->frameScores.push_back(i < 100 ? 0.9f : rest);
        view.setResult(result);
        view.setThreshold(0.5);
    }
    TimelineViewport viewport;
    TimelineView view;
};

TEST(SmallItems, TheLegendStaysOffTheEventsItWouldCover)
{
    EventAtTheStart timeline(0.1f);
    const QRectF legend = timeline.view.legendRect();
    ASSERT_FALSE(legend.isEmpty());
    EXPECT_GT(legend.left(), timeline.view.axis().xOf(100.0))
        << "not over the event at the start (where it used to be drawn)";
}

TEST(SmallItems, TheDemosProgressSaysAboutHowLongIsLeft)
{
    EXPECT_EQ(timeLeftText(10.0, 0.25), QStringLiteral("about 0:30 left"));
    EXPECT_EQ(timeLeftText(65.0, 0.5), QStringLiteral("about 1:05 left"));
    EXPECT_TRUE(timeLeftText(1.0, 0.01).isEmpty()) << "too early to say";
    EXPECT_TRUE(timeLeftText(90.0, 1.0).isEmpty());
}

TEST(SmallItems, TheEmptyTimelinesPlaceholderIsNotStruckByTheThresholdLine)
{
    TimelineViewport viewport;
    viewport.setFrameCount(400); // a video open, no scores yet
    TimelineView view(&viewport);
    view.resize(900, 200);
    view.setThreshold(0.5); // the line runs through the middle, where the text is
    const QImage image = view.grab().toImage();
    const int y = static_cast<int>(std::round(view.yOfScore(0.5)));
    const int centre = static_cast<int>(view.plotRect().center().x());
    int red = 0;
    for (int x = centre - 60; x <= centre + 60; ++x)
        for (int dy = -1; dy <= 1; ++dy) {
            const QColor pixel = image.pixelColor(x, y + dy);
            red += pixel.red() > 150 && pixel.green() < 100 ? 1 : 0;
        }
    EXPECT_EQ(red, 0) << "the threshold line crosses the placeholder's text";
    // Far from the text, the line is still drawn.
    const QColor left = image.pixelColor(static_cast<int>(view.plotRect().left()) + 4, y);
    EXPECT_GT(left.red(), 150);
}

TEST(SmallItems, AThresholdOutsideTheZoomedAxisIsPinnedWithAnArrow)
{
    EventAtTheStart timeline(0.8f);
    TimelineView& view = timeline.view;
    EXPECT_EQ(view.thresholdLabel(), QStringLiteral("0.50"));
    view.fitScoreAxis(true); // 0.8 .. 0.9: the threshold 0.5 is below the axis
    ASSERT_GT(view.scoreAxis().low(), 0.5);
    EXPECT_EQ(view.thresholdLabel(), QStringLiteral("0.50 ▼ below"));
    view.setThreshold(0.95);
    EXPECT_EQ(view.thresholdLabel(), QStringLiteral("0.95 ▲ above"));
    // The line is drawn on the plot's top edge, in the threshold's red.
    const QImage image = view.grab().toImage();
    const QRectF plot = view.plotRect();
    const QColor edge
        = image.pixelColor(static_cast<int>(plot.center().x()) + 2, static_cast<int>(plot.top()));
    const QColor inside = image.pixelColor(
        static_cast<int>(plot.center().x()) + 2, static_cast<int>(plot.top()) + 1);
    EXPECT_TRUE(edge.red() > 150 || inside.red() > 150) << "the pinned line is red";
    // Pinned at either edge, the value is drawn inside the plot's height (the timeline clips
    // there), and a label too wide for the margin keeps its start.
    for (const double threshold : { 0.95, 0.5 }) {
        view.setThreshold(threshold);
        const std::vector<PlotLabel> labels = thresholdLabels(plot, view.scoreAxis(),
            { threshold, Qt::red, Qt::DotLine, 1.5, QStringLiteral("threshold"),
                view.thresholdLabel() },
            QFontMetricsF(view.font()));
        ASSERT_EQ(labels.size(), 2u);
        for (const PlotLabel& label : labels) {
            EXPECT_GE(label.rect.top(), plot.top() - 0.01) << label.text.toStdString();
            EXPECT_LE(label.rect.bottom(), plot.bottom() + 0.01) << label.text.toStdString();
        }
        EXPECT_TRUE(labels[1].text.startsWith(thresholdText(threshold)))
            << labels[1].text.toStdString();
    }
}

} // namespace

namespace {

// A detector's default such as 0.505 is the value its events are counted at, so every control
// keeps and shows it: the box, the timeline's label and the stored threshold.
TEST(SmallItems, AThresholdOfThreeDecimalsIsKeptAndShown)
{
    EXPECT_EQ(vigil::ui::thresholdText(0.505), QStringLiteral("0.505"));
    EXPECT_EQ(vigil::ui::thresholdText(0.5), QStringLiteral("0.50"));
    EXPECT_EQ(vigil::ui::thresholdText(0.1234), QStringLiteral("0.123"));
    vigil::ui::EventThreshold threshold;
    QDoubleSpinBox box;
    threshold.bind(&box);
    threshold.setValue(0.505);
    EXPECT_DOUBLE_EQ(threshold.value(), 0.505);
    EXPECT_EQ(box.text(), QStringLiteral("0.505"));
    EventAtTheStart timeline(0.8f);
    timeline.view.setThreshold(0.505);
    EXPECT_EQ(timeline.view.thresholdLabel(), QStringLiteral("0.505"));
}

// A long message used to run into the permanent label and read as one sentence ("Showing the
// saved results of Shown result: …"): it ends in "…" before the label, whole in the tooltip.
TEST(SmallItems, ALongStatusMessageEndsBeforeThePermanentLabel)
{
    QMainWindow window;
    auto* bar = new FittedStatusBar(&window);
    window.setStatusBar(bar);
    auto* permanent = new QLabel(QStringLiteral("Shown result: walk.vigil.json"));
    bar->addPermanentWidget(permanent);
    window.resize(500, 200);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    const QString text = QStringLiteral("Showing the saved results of /home/operator/Videos/"
                                        "cameras/entrance/2026-12-04/walk.vigil.json");
    bar->say(text, 400);
    EXPECT_EQ(bar->fullMessage(), text);
    EXPECT_TRUE(bar->currentMessage().endsWith(QChar(0x2026)))
        << bar->currentMessage().toStdString();
    EXPECT_LT(6 + bar->fontMetrics().horizontalAdvance(bar->currentMessage()), permanent->x());
    EXPECT_EQ(bar->toolTip(), text);
    window.resize(1400, 200);
    QTRY_COMPARE(bar->currentMessage(), text); // room again: shown whole
    QTRY_VERIFY(bar->currentMessage().isEmpty()); // and the timeout still ends it
    EXPECT_TRUE(bar->fullMessage().isEmpty());
    bar->say(QStringLiteral("short"));
    EXPECT_EQ(bar->currentMessage(), QStringLiteral("short"));
    EXPECT_TRUE(bar->toolTip().isEmpty());
}

} // namespace
