// Events from a chosen scorer (ui/events/event_source_box.h): the Events panel lists the events of
// the attention classifier, of one detector, or of at least k of the n scorers; the k box shows
// only in that mode; a result without detectors sets it back to the classifier; the timeline shades
// the same events; and the playback keys still work while either box has the focus.

#include "tests/unit/ui/fake_engine.h"
#include "ui/events/detector_thresholds_box.h"
#include "ui/events/event_source_box.h"
#include "ui/events/events_panel.h"
#include "ui/events/events_table.h"
#include "ui/main/current_analysis.h"
#include "ui/main/main_window.h"
#include "ui/main/video_panel.h"
#include "ui/timeline/event_threshold.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/timeline/timeline_view.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <gtest/gtest.h>

namespace {

using namespace vigil;
using namespace vigil::ui;
using Spans = std::vector<std::pair<int64_t, int64_t>>;

constexpr int kFrames = 100;

// value inside [first, last], low elsewhere, over `frames` frames.
std::vector<float> bump(int frames, int first, int last, float value, float low)
{
    std::vector<float> scores(static_cast<size_t>(frames), low);
    for (int frame = first; frame <= last; ++frame)
        scores[static_cast<size_t>(frame)] = value;
    return scores;
}

analysis::DetectorResult detector(DetectorKind kind, std::vector<float> frameScores)
{
    analysis::DetectorResult result;
    result.kind = kind;
    result.frameScores = std::move(frameScores);
    return result;
}

// At 0.5: the classifier's event is 10..19, RTFM's 15..29, S3R's 18..40, MGFN's 60..64; so two
// scorers agree on 15..29 and three on 18..19.
std::shared_ptr<analysis::AnalysisResult> fourScorers(const std::string& videoPath, int frames)
{
    auto result = std::make_shared<analysis::AnalysisResult>();
    result->video.path = videoPath;
    result->video.frames = frames;
    result->video.fps = 25.0;
    result->frameScores = bump(frames, 10, 19, 0.9f, 0.1f);
    result->detectors = { detector(DetectorKind::Rtfm, bump(frames, 15, 29, 0.8f, 0.2f)),
        detector(DetectorKind::S3r, bump(frames, 18, 40, 0.7f, 0.0f)),
        detector(DetectorKind::Mgfn, bump(frames, 60, 64, 0.6f, 0.1f)) };
    return result;
}

Spans spans(const EventsTable* table)
{
    Spans result;
    for (const analysis::ScoreEvent& event : table->events())
        result.emplace_back(event.firstFrame, event.lastFrame);
    return result;
}

class EventSourcePanel : public ::testing::Test {
protected:
    void SetUp() override
    {
        threshold_.setValue(0.5);
        analysis_.setVideo(QString::fromStdString(video_), 25.0);
    }
    void show(std::shared_ptr<analysis::AnalysisResult> result)
    {
        ASSERT_TRUE(analysis_.setResult(result));
    }
    QComboBox* combo() { return panel_.sourceBox()->sourceCombo(); }
    QSpinBox* kBox() { return panel_.sourceBox()->kBox(); }

    std::string video_ = test::uiClip("event_source_100.mp4", kFrames);
    CurrentAnalysis analysis_;
    EventThreshold threshold_;
    EventsPanel panel_ { &analysis_, &threshold_ };
};

TEST_F(EventSourcePanel, OffersTheClassifierEachDetectorAndKOfN)
{
    show(fourScorers(video_, kFrames));
    QStringList items;
    for (int i = 0; i < combo()->count(); ++i)
        items << combo()->itemText(i);
    EXPECT_EQ(
        items, (QStringList { "attention classifier", "rtfm", "s3r", "mgfn", "at least k of 4" }));
    EXPECT_TRUE(combo()->isEnabled());
    EXPECT_FALSE(combo()->toolTip().isEmpty());
    EXPECT_FALSE(kBox()->toolTip().isEmpty());
    EXPECT_TRUE(kBox()->isHidden()) << "k is asked for only in the k-of-n mode";
}

TEST_F(EventSourcePanel, ListsTheEventsOfTheChosenScores)
{
    show(fourScorers(video_, kFrames));
    EXPECT_EQ(spans(panel_.table()), (Spans { { 10, 19 } })) << "the classifier by default";
    const std::vector<Spans> expected { { { 10, 19 } }, { { 15, 29 } }, { { 18, 40 } },
        { { 60, 64 } } };
    for (int index = 0; index < 4; ++index) {
        SCOPED_TRACE(combo()->itemText(index).toStdString());
        combo()->setCurrentIndex(index);
        EXPECT_EQ(spans(panel_.table()), expected[static_cast<size_t>(index)]);
    }
    const auto& peak = panel_.table()->events().front();
    EXPECT_FLOAT_EQ(peak.peakScore, 0.6f) << "MGFN's own score";
}

TEST_F(EventSourcePanel, KOfNListsTheFramesWhereEnoughScorersAgree)
{
    show(fourScorers(video_, kFrames));
    QSignalSpy changed(panel_.sourceBox(), &EventSourceBox::sourceChanged);
    combo()->setCurrentIndex(4);
    EXPECT_FALSE(kBox()->isHidden());
    EXPECT_EQ(kBox()->minimum(), 1);
    EXPECT_EQ(kBox()->maximum(), 4);
    EXPECT_EQ(kBox()->text(), QStringLiteral("1 of 4"));
    EXPECT_EQ(spans(panel_.table()), (Spans { { 10, 40 }, { 60, 64 } }));
    kBox()->setValue(2);
    EXPECT_EQ(spans(panel_.table()), (Spans { { 15, 29 } }));
    // Issue 37: the Peak column showed the 2nd-highest score as if it were a score.
    EXPECT_TRUE(panel_.table()->item(0, 3)->text().startsWith(QStringLiteral("3 agree at")))
        << panel_.table()->item(0, 3)->text().toStdString();
    kBox()->setValue(3);
    EXPECT_EQ(spans(panel_.table()), (Spans { { 18, 19 } }));
    kBox()->setValue(4);
    EXPECT_TRUE(spans(panel_.table()).empty()) << "no frame has all four at 0.5";
    EXPECT_EQ(changed.count(), 4);
    kBox()->setValue(2);
    threshold_.setValue(0.15);
    EXPECT_EQ(spans(panel_.table()), (Spans { { 15, 29 } }))
        << "the classifier's threshold moves its own vote only, not RTFM's 0.2 (issue 37)";
    threshold_.setValue(0.5);
    // Each detector decides at its own threshold: RTFM's at 0.15 takes its 0.2 everywhere.
    EXPECT_DOUBLE_EQ(panel_.detectorThresholds()->boxOf(DetectorKind::Rtfm)->value(), 0.6)
        << "RTFM's default: halfway from its median 0.2 to 1";
    panel_.detectorThresholds()->boxOf(DetectorKind::Rtfm)->setValue(0.15);
    EXPECT_EQ(spans(panel_.table()), (Spans { { 10, 40 }, { 60, 64 } }))
        << "RTFM's 0.2 everywhere is now at or above its own threshold: it and one other agree";
    combo()->setCurrentIndex(0);
    EXPECT_TRUE(kBox()->isHidden());
}

TEST_F(EventSourcePanel, ADetectorThatScoredNothingIsNeitherOfferedNorCounted)
{
    auto result = fourScorers(video_, kFrames);
    result->detectors[1].frameScores.clear(); // S3R was not scored
    show(result);
    EXPECT_EQ(combo()->count(), 4);
    EXPECT_EQ(combo()->itemText(2), QStringLiteral("mgfn"));
    EXPECT_EQ(combo()->itemText(3), QStringLiteral("at least k of 3"));
    combo()->setCurrentIndex(3);
    EXPECT_EQ(kBox()->maximum(), 3);
    kBox()->setValue(2);
    EXPECT_EQ(spans(panel_.table()), (Spans { { 15, 19 } }));
}

TEST_F(EventSourcePanel, AResultWithoutDetectorsSetsItBackToTheClassifier)
{
    show(fourScorers(video_, kFrames));
    combo()->setCurrentIndex(1);
    ASSERT_EQ(panel_.sourceBox()->source().kind, analysis::EventSource::Kind::Detector);
    QSignalSpy changed(panel_.sourceBox(), &EventSourceBox::sourceChanged);
    auto alone = fourScorers(video_, kFrames);
    alone->detectors.clear();
    show(alone);
    EXPECT_EQ(panel_.sourceBox()->source().kind, analysis::EventSource::Kind::Classifier);
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(combo()->count(), 1);
    EXPECT_FALSE(combo()->isEnabled()) << "one scorer: nothing to choose";
    EXPECT_EQ(spans(panel_.table()), (Spans { { 10, 19 } }));
}

TEST_F(EventSourcePanel, AResultWithTheSameDetectorsKeepsTheChoice)
{
    show(fourScorers(video_, kFrames));
    combo()->setCurrentIndex(4);
    kBox()->setValue(3);
    show(fourScorers(video_, kFrames));
    EXPECT_EQ(panel_.sourceBox()->source(),
        (analysis::EventSource { analysis::EventSource::Kind::AtLeastK, DetectorKind::Rtfm, 3 }));
    EXPECT_EQ(spans(panel_.table()), (Spans { { 18, 19 } }));
    auto fewer = fourScorers(video_, kFrames);
    fewer->detectors.pop_back(); // no MGFN: k of 3 at most
    show(fewer);
    EXPECT_EQ(panel_.sourceBox()->source().k, 3);
    EXPECT_EQ(kBox()->maximum(), 3);
}

// The window, analysed by the fake networks, then shown a result of the same video that holds
// detectors too.
class EventSourceWindow : public ::testing::Test {
protected:
    void SetUp() override
    {
        window_.resize(1400, 880);
        window_.show();
        window_.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window_));
        QSignalSpy succeeded(&window_, &MainWindow::analysisSucceeded);
        window_.openVideo(QString::fromStdString(test::uiClip("event_source_400.mp4", 400)));
        ASSERT_TRUE(succeeded.wait(60000)) << window_.errorText().toStdString();
        auto result = fourScorers(window_.result()->video.path, 400);
        result->framePtsUs = window_.result()->framePtsUs;
        ASSERT_TRUE(window_.currentAnalysis()->setResult(result));
    }
    EventSourceBox* box() { return window_.eventsPanel()->sourceBox(); }

    MainWindow window_ { test::fakeEngine(4) };
};

TEST_F(EventSourceWindow, TheTimelineShadesTheEventsOfTheChosenScores)
{
    TimelineView* timeline = window_.timelinePanel()->timeline();
    EXPECT_TRUE(timeline->eventColumns().holdsEvent(10, 10));
    EXPECT_FALSE(timeline->eventColumns().holdsEvent(25, 25));
    box()->sourceCombo()->setCurrentIndex(1); // rtfm
    EXPECT_EQ(timeline->eventColumns().events().size(), window_.eventsTable()->events().size());
    EXPECT_FALSE(timeline->eventColumns().holdsEvent(10, 14));
    EXPECT_TRUE(timeline->eventColumns().holdsEvent(25, 25));
    box()->sourceCombo()->setCurrentIndex(4);
    box()->kBox()->setValue(3);
    EXPECT_TRUE(timeline->eventColumns().holdsEvent(18, 19));
    EXPECT_FALSE(timeline->eventColumns().holdsEvent(15, 17));
    EXPECT_FALSE(timeline->eventColumns().holdsEvent(20, 60));
}

TEST_F(EventSourceWindow, PlaybackKeysWorkWhileTheSourceBoxesHaveTheFocus)
{
    VideoPanel* video = window_.videoPanel();
    QComboBox* combo = box()->sourceCombo();
    combo->setFocus(Qt::TabFocusReason);
    ASSERT_TRUE(combo->hasFocus());
    window_.seek(100);
    QTest::keyClick(combo, Qt::Key_Right);
    EXPECT_EQ(video->currentFrame(), 101) << "Right steps a frame";
    QTest::keyClick(combo, Qt::Key_Left, Qt::ShiftModifier);
    EXPECT_EQ(video->currentFrame(), 85);
    QTest::keyClick(combo, Qt::Key_End);
    EXPECT_EQ(video->currentFrame(), 399) << "End goes to the end, not to the last item";
    EXPECT_EQ(combo->currentIndex(), 0);
    QTest::keyClick(combo, Qt::Key_Space);
    EXPECT_TRUE(video->isPlaying()) << "Space plays, it does not open the list";
    QTest::keyClick(combo, Qt::Key_K);
    EXPECT_FALSE(video->isPlaying());
    QTest::keyClick(combo, Qt::Key_Down);
    EXPECT_EQ(combo->currentIndex(), 1) << "Down still chooses the next source";
    combo->setCurrentIndex(4);
    QSpinBox* k = box()->kBox();
    k->setFocus(Qt::TabFocusReason);
    ASSERT_TRUE(k->hasFocus());
    window_.seek(100);
    QTest::keyClick(k, Qt::Key_Right);
    EXPECT_EQ(video->currentFrame(), 101);
    QTest::keyClick(k, Qt::Key_Home);
    EXPECT_EQ(video->currentFrame(), 0);
    QTest::keyClick(k, Qt::Key_Up);
    EXPECT_EQ(k->value(), 2) << "Up still raises k";
    EXPECT_EQ(box()->source().k, 2);
    QTest::keyClick(k, Qt::Key_Space);
    EXPECT_TRUE(video->isPlaying());
    QTest::keyClick(k, Qt::Key_K);
}

TEST_F(EventSourceWindow, TheEventsBoxIsReachedFromTheKeyboard)
{
    QComboBox* combo = box()->sourceCombo();
    EXPECT_NE(combo->focusPolicy() & Qt::TabFocus, 0);
    QTest::keyClick(&window_, Qt::Key_E, Qt::AltModifier);
    EXPECT_TRUE(combo->hasFocus()) << "Alt+E, the label's mnemonic";
}

} // namespace
