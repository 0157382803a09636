// The Explain dock follows the playhead: for the window under it, it runs the explainer on that
// window's own features (kept from the analysis), and the score it shows is the window's score
// in the result. Fake networks (fake_engine.h) whose score depends on the window's features.

#include "tests/unit/ui/fake_engine.h"
#include "ui/explain_page.h"
#include "ui/explain_panel.h"
#include "ui/main_window.h"
#include "ui/video_panel.h"

#include <QSignalSpy>
#include <QTest>
#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace vigil::ui;

class ExplainPanelTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        window_ = std::make_unique<MainWindow>(vigil::test::fakeEngine(4));
        window_->resize(1500, 900);
        window_->show();
        QSignalSpy succeeded(window_.get(), &MainWindow::analysisSucceeded);
        window_->openVideo(QString::fromStdString(vigil::test::uiClip("explain_400.mp4", 400)));
        ASSERT_TRUE(succeeded.wait(60000)) << window_->errorText().toStdString();
    }

    std::unique_ptr<MainWindow> window_;
};

TEST_F(ExplainPanelTest, ShowsTheComputationOfTheWindowUnderThePlayhead)
{
    ExplainPanel* panel = window_->explainPanel();
    ASSERT_TRUE(panel->isVisible());
    const auto& windows = window_->result()->windows;
    for (const int64_t frame : { 0, 130, 300, 399 }) {
        SCOPED_TRACE(frame);
        window_->seek(frame);
        // Windows of 4 snippets, stride 4: the one holding the frame's snippet.
        const int64_t step = std::min<int64_t>(frame / 16, window_->result()->steps - 1);
        int expectedWindow = -1;
        for (size_t i = 0; i < windows.size(); ++i)
            if (windows[i].firstStep <= step && step <= windows[i].lastStep)
                expectedWindow = static_cast<int>(i);
        ASSERT_EQ(panel->currentWindow(), expectedWindow);
        ASSERT_TRUE(panel->explanation());
        const auto& e = *panel->explanation();
        const auto& window = windows[static_cast<size_t>(expectedWindow)];
        EXPECT_EQ(e.steps, window.lastStep - window.firstStep + 1);
        EXPECT_EQ(e.rows, 2);
        EXPECT_NEAR(e.score, window.score, 1e-6);
        const QString text = panel->text();
        EXPECT_TRUE(text.contains(
            QStringLiteral("Window %1 of %2").arg(expectedWindow + 1).arg(windows.size())))
            << text.left(200).toStdString();
        // x's first value is the window's first snippet index (the fake extractor's feature 0).
        EXPECT_TRUE(text.contains(QStringLiteral("x[0, :4]: %1.000").arg(window.firstStep)))
            << text.toStdString();
        EXPECT_TRUE(text.contains(QStringLiteral("score %1").arg(e.score, 0, 'f', 4)));
        EXPECT_TRUE(text.contains(QStringLiteral("✓ the same as the result")));
        EXPECT_TRUE(text.contains(QStringLiteral("[%1, 8]").arg(e.steps))); // W1 x + b1: [T, da]
        EXPECT_TRUE(text.contains(QStringLiteral("redundancy")));
    }
}

TEST_F(ExplainPanelTest, ShowsThumbnailsOfTheSnippetsEachRowWeighsMostAndSeeksToThem)
{
    ExplainPanel* panel = window_->explainPanel();
    window_->seek(200);
    ASSERT_TRUE(panel->explanation());
    const QVector<qint64> frames = panel->thumbnailFrames();
    ASSERT_FALSE(frames.isEmpty());
    for (const qint64 frame : frames) {
        EXPECT_GE(frame, 12 * 16); // window 3 holds snippets 12..15
        EXPECT_LT(frame, 16 * 16);
        QTRY_VERIFY_WITH_TIMEOUT(panel->hasThumbnail(frame), 20000);
    }
    QSignalSpy seeks(panel, &ExplainPanel::seekRequested);
    QMetaObject::invokeMethod(panel, "seekRequested", Q_ARG(int64_t, frames.front()));
    ASSERT_EQ(seeks.count(), 1);
    EXPECT_EQ(window_->videoPanel()->currentFrame(), frames.front());
}

TEST_F(ExplainPanelTest, SaysWhyWhenTheFeaturesAreNotInMemory)
{
    ExplainPanel* panel = window_->explainPanel();
    panel->setResult(window_->result(), nullptr);
    panel->setPlayheadFrame(10);
    EXPECT_FALSE(panel->explanation());
    EXPECT_TRUE(panel->text().contains(QStringLiteral("Analyse again")));
}

} // namespace
