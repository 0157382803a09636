// The main window holds its layout at the sizes people use, from the smallest it allows
// (1024x640) to a 1440p monitor: every label's text fits its widget (or is elided with the
// whole text in its tooltip), the events list's headers are whole, the Explain dock is wide
// enough to read, and the panels do not move when the time or "loop" changes. Each size is
// saved under build/ui-screenshots for people to look at.

#include "core/formats/result_files.h"
#include "tests/support/test_locations.h"
#include "tests/support/test_paths.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/common/elided_label.h"
#include "ui/events/events_table.h"
#include "ui/main/main_window.h"
#include "ui/main/video_panel.h"

#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

namespace {

using namespace vigil::ui;

// Labels whose text is wider (or, wrapped, taller) than the label shows.
QStringList cutLabels(const QWidget& window)
{
    QStringList cut;
    for (const QLabel* label : window.findChildren<QLabel*>()) {
        if (!label->isVisible() || label->text().isEmpty() || !label->pixmap().isNull())
            continue;
        if (qobject_cast<const ElidedLabel*>(label))
            continue; // elides itself; ElidedLabelTest checks its tooltip
        if (label->textFormat() == Qt::RichText || Qt::mightBeRichText(label->text()))
            continue; // the Explain cards: HTML that wraps and scrolls
        const QRect area = label->contentsRect();
        const QFontMetrics metrics(label->font());
        // A label with a buddy shows its mnemonic's '&' as an underline, not as a character.
        QString shown = label->text();
        if (label->buddy())
            shown.remove(QRegularExpression(QStringLiteral("&(?!&)")));
        const bool fits = label->wordWrap()
            ? label->heightForWidth(area.width()) <= area.height() + 1
            : metrics.horizontalAdvance(shown) <= area.width() + 1;
        if (!fits)
            cut << QStringLiteral("%1 (%2 px wide): %3")
                       .arg(label->objectName(), QString::number(area.width()), label->text());
    }
    return cut;
}

QStringList cutHeaders(const EventsTable& table)
{
    QStringList cut;
    const QHeaderView* header = table.horizontalHeader();
    for (int column = 0; column < table.columnCount(); ++column) {
        const QString text = table.horizontalHeaderItem(column)->text();
        if (header->sectionSize(column) < header->fontMetrics().horizontalAdvance(text) + 8)
            cut << text;
    }
    return cut;
}

class Layout : public ::testing::TestWithParam<QSize> { };

TEST_P(Layout, EveryLabelFitsAndTheDockIsReadable)
{
    const QSize size = GetParam();
    MainWindow window(vigil::test::fakeEngine(4));
    window.resize(size);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy succeeded(&window, &MainWindow::analysisSucceeded);
    window.openVideo(QString::fromStdString(vigil::test::uiClip("layout_400.mp4", 400)));
    ASSERT_TRUE(succeeded.wait(60000)) << window.errorText().toStdString();
    window.seek(120);
    QTest::qWait(50);
    EXPECT_EQ(window.size(), size) << "the window allows this size";
    const QString name = QStringLiteral("%1x%2").arg(size.width()).arg(size.height());
    QDir().mkpath(QString::fromStdString(vigil::test::binaryDir() + "/ui-screenshots"));
    window.grab().save(
        QString::fromStdString(vigil::test::binaryDir() + "/ui-screenshots/layout-%1.png")
            .arg(name));
    EXPECT_EQ(cutLabels(window).join(QStringLiteral("\n")).toStdString(), "");
    EXPECT_EQ(cutHeaders(*window.eventsTable()).join(QStringLiteral(", ")).toStdString(), "");
    const auto* dock = window.findChild<QDockWidget*>(QStringLiteral("explainDock"));
    ASSERT_NE(dock, nullptr);
    EXPECT_GE(dock->width(), 280) << "the Explain dock shows sentences, not a word a line";
    const QTableView& events = *window.eventsTable();
    // The viewport: under the header and above a sideways scroll bar, which at 1024x640 once
    // covered the lower half of the only row.
    EXPECT_GE(events.viewport()->height(), events.verticalHeader()->defaultSectionSize())
        << "at least a whole row of events shows";
}

TEST_P(Layout, ThePanelsDoNotMoveWhenTheReadoutChanges)
{
    MainWindow window(vigil::test::fakeEngine(4));
    window.resize(GetParam());
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QSignalSpy succeeded(&window, &MainWindow::analysisSucceeded);
    window.openVideo(QString::fromStdString(vigil::test::uiClip("layout_400.mp4", 400)));
    ASSERT_TRUE(succeeded.wait(60000)) << window.errorText().toStdString();
    QTest::qWait(50);
    const QRect before = window.videoPanel()->geometry();
    window.seek(399);
    window.videoPanel()->setLoop(300, 399);
    for (int i = 0; i < 4; ++i)
        window.videoPanel()->playFaster();
    window.videoPanel()->pause();
    QTest::qWait(50);
    EXPECT_EQ(window.videoPanel()->geometry(), before);
}

// The detectors add a legend row over the timeline and a thresholds row over the events: with
// them the window once needed 674 px and ran off a 640 px screen.
TEST(LayoutSmallest, AResultWithThreeDetectorsFits1024x640)
{
    MainWindow analysed(vigil::test::fakeEngine(4));
    QSignalSpy succeeded(&analysed, &MainWindow::analysisSucceeded);
    analysed.openVideo(QString::fromStdString(vigil::test::uiClip("layout_400.mp4", 400)));
    ASSERT_TRUE(succeeded.wait(60000)) << analysed.errorText().toStdString();
    vigil::analysis::AnalysisResult result = *analysed.result();
    for (const vigil::DetectorKind kind :
        { vigil::DetectorKind::Rtfm, vigil::DetectorKind::S3r, vigil::DetectorKind::Mgfn }) {
        vigil::analysis::DetectorResult detector;
        detector.kind = kind;
        detector.weights.provenance = vigil::Provenance::Demo;
        detector.stepScores.assign(static_cast<size_t>(result.steps), 0.4f);
        detector.frameScores.assign(result.frameScores.size(), 0.4f);
        result.detectors.push_back(detector);
    }
    const vigil::formats::WrittenFiles files = vigil::formats::writeResultFiles(
        result, vigil::test::scratchDir("layout_detectors"), "layout_400");
    MainWindow window(vigil::test::fakeEngine(4));
    window.resize(1024, 640);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.openVideo(QString::fromStdString(files.jsonPath));
    // The status bar grows to 27 px while its progress or note shows, and a top-level window
    // grows with its minimum but never shrinks back: the margin must hold that too.
    QTest::qWait(500);
    ASSERT_TRUE(window.result()) << window.errorText().toStdString();
    ASSERT_EQ(window.result()->detectors.size(), 3u);
    EXPECT_LE(window.minimumSizeHint().height(), 640);
    EXPECT_EQ(window.size(), QSize(1024, 640))
        << "the window allows this size; it needs " << window.minimumSizeHint().height() << " px";
}

INSTANTIATE_TEST_SUITE_P(Sizes, Layout,
    ::testing::Values(QSize(1024, 640), QSize(1440, 900), QSize(2560, 1440)), [](const auto& info) {
        return std::to_string(info.param.width()) + "x" + std::to_string(info.param.height());
    });

TEST(ElidedLabelTest, ElidesWhatDoesNotFitAndKeepsTheWholeTextInItsTooltip)
{
    ElidedLabel label(QStringLiteral("Attention in the window under the playhead"));
    label.resize(80, 20);
    label.show();
    EXPECT_NE(label.shownText(), label.text());
    EXPECT_TRUE(label.shownText().endsWith(QChar(0x2026)));
    EXPECT_EQ(label.toolTip(), label.text());
    label.resize(800, 20);
    EXPECT_EQ(label.shownText(), label.text());
    EXPECT_LT(label.minimumSizeHint().width(), 80) << "the text never widens its panel";
}

} // namespace
