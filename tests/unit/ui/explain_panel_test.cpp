// The Explain dock follows the playhead: for the window under it, it runs the explainer on that
// window's own features (kept from the analysis), and the score it shows is the window's score
// in the result. Fake networks (fake_engine.h) whose score depends on the window's features.

#include "core/analysis/window_explanation.h"
#include "core/train/sweep_findings.h"
#include "tests/unit/ui/fake_engine.h"
#include "ui/explain/explain_page.h"
#include "ui/explain/explain_panel.h"
#include "ui/explain/explain_softmax.h"
#include "ui/main/main_window.h"
#include "ui/main/manual_dialog.h"
#include "ui/main/video_panel.h"
#include "ui/timeline/attention_thumbnails.h"

#include <QApplication>
#include <QFileDialog>
#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTimer>
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

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
        // Counted from 0, as `vigil explain --at 0` counts.
        EXPECT_TRUE(text.contains(QStringLiteral("Window %1 (of %2, counted from 0)")
                                      .arg(expectedWindow)
                                      .arg(windows.size())))
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

TEST_F(ExplainPanelTest, WorksOutTheSoftmaxOfARowFromItsLogits)
{
    ExplainPanel* panel = window_->explainPanel();
    window_->seek(200);
    ASSERT_TRUE(panel->explanation());
    for (const int row : { 0, 1 }) {
        SCOPED_TRACE(row);
        panel->setSoftmaxRow(row);
        ASSERT_TRUE(panel->explanation());
        const vigil::analysis::WindowExplanation& e = *panel->explanation();
        const vigil::analysis::SoftmaxWorkedOut worked = vigil::analysis::workOutSoftmax(e, row);
        const QString text = panel->text();
        EXPECT_TRUE(text.contains(QStringLiteral("softmax over T for row %1, worked out").arg(row)))
            << text.toStdString();
        // The card's numbers: each listed step's logit, exponential and weight, and the sum.
        for (const int64_t t : softmaxTableSteps(worked)) {
            const auto i = static_cast<size_t>(t);
            EXPECT_TRUE(text.contains(significantDigits(worked.logits[i]))) << t;
            EXPECT_TRUE(text.contains(significantDigits(worked.exps[i]))) << t;
            EXPECT_TRUE(text.contains(significantDigits(worked.weights[i]))) << t;
            // Computed from the logits, they are the attention the classifier gave.
            EXPECT_NEAR(
                worked.weights[i], e.attention.values[static_cast<size_t>(t * e.rows + row)], 1e-5);
        }
        EXPECT_TRUE(text.contains(QStringLiteral("Σ = %1").arg(significantDigits(worked.sum))));
        EXPECT_LT(worked.largestDifference, 1e-5);
    }
}

TEST_F(ExplainPanelTest, CountsWindowsRowsAndCropsFromZeroAsTheCommandLineDoes)
{
    ExplainPanel* panel = window_->explainPanel();
    window_->seek(0);
    ASSERT_TRUE(panel->explanation());
    ASSERT_EQ(panel->currentWindow(), 0);
    const QString text = panel->text();
    EXPECT_TRUE(text.contains(QStringLiteral("Window 0 (of ")));
    EXPECT_TRUE(text.contains(QStringLiteral("row 0")));
    EXPECT_TRUE(text.contains(QStringLiteral("row 1")));
    EXPECT_FALSE(text.contains(QStringLiteral("row 2"))) << "two rows: 0 and 1";
    EXPECT_TRUE(text.contains(QStringLiteral("band k: row k of the attention (a column of A")));
}

TEST(ExplainPage, SaysWhichSnippetsTieAndWhenARowIsUniform)
{
    vigil::FloatArray x
        = vigil::FloatArray::zeros({ 10, vigil::test::FakeExtractor::kFeatureSize });
    vigil::analysis::WindowExplanation e = vigil::test::FakeExplainer().explain(x);
    ASSERT_EQ(e.rows, 2);
    for (int64_t t = 0; t < 10; ++t) {
        e.attention.values[static_cast<size_t>(t * 2)] = 0.1f; // row 0: uniform
        e.attention.values[static_cast<size_t>(t * 2 + 1)] = 0.005f * static_cast<float>(t);
    }
    for (const int64_t t : { 9, 3, 7 })
        e.attention.values[static_cast<size_t>(t * 2 + 1)] = 0.2f; // row 1: a tie at the top
    ExplainContext context;
    context.windowCount = 1;
    context.lastStep = 9;
    const ExplainPage page = makeExplainPage(e, x, context, QApplication::palette());
    EXPECT_TRUE(page.html.contains(
        QStringLiteral("uniform: no snippet stands out (all 10 at ≈ 1/10 = 0.1)")))
        << page.html.toStdString();
    EXPECT_TRUE(page.html.contains(QStringLiteral("snippets 3, 7, 9 tie at <b>0.2</b>")));
    // One picture for the tie (its first snippet), none for the uniform row.
    EXPECT_EQ(page.thumbnailFrames, QVector<qint64> { middleFrameOfStep(3, 16) });
}

TEST(AttentionThumbnailsTies, SayWhenTheFrameShownIsOneOfATieOrTheRowIsUniform)
{
    // One window of 5 steps, attention [r = 3, T = 5]: uniform; a tie of steps 1 and 3; a peak.
    auto result = std::make_shared<vigil::analysis::AnalysisResult>();
    result->steps = 5;
    result->protocol = { 16, 5, 5 };
    result->video.frames = 80;
    result->frameScores.assign(80, 0.5f);
    vigil::analysis::WindowResult window;
    window.lastStep = 4;
    window.lastFrame = 79;
    window.attention = vigil::FloatArray { { 3, 5 },
        { 0.2f, 0.2f, 0.2f, 0.2f, 0.2f, 0.1f, 0.3f, 0.1f, 0.3f, 0.2f, 0.1f, 0.1f, 0.6f, 0.1f,
            0.1f } };
    result->windows.push_back(window);
    AttentionThumbnails thumbnails;
    thumbnails.setResult(result);
    thumbnails.setPlayheadFrame(0);
    const auto& picks = thumbnails.picks();
    ASSERT_EQ(picks.size(), 3u);
    EXPECT_TRUE(picks[0].isUniform());
    EXPECT_FALSE(picks[1].isUniform());
    EXPECT_EQ(picks[1].tiedSteps, 2);
    EXPECT_EQ(picks[1].step, 1); // the first of the tie
    EXPECT_EQ(picks[2].tiedSteps, 1);
    EXPECT_EQ(picks[2].step, 2);
}

// The student's questions: an index at the top of the page, the answers computed on the window
// at its end, each linking to its part of the guide.
TEST_F(ExplainPanelTest, AnswersTheEightQuestionsOnTheWindowAndLinksTheGuide)
{
    ExplainPanel* panel = window_->explainPanel();
    window_->seek(130);
    ASSERT_TRUE(panel->lesson());
    const vigil::analysis::Lesson& lesson = *panel->lesson();
    ASSERT_EQ(lesson.questions.size(), 8u);
    EXPECT_EQ(lesson.code.front().shape, "[1, 4, 4]"); // one crop, windows of 4, 4 features
    const QString text = panel->text();
    EXPECT_TRUE(text.contains(QStringLiteral("The paper's code, line by line, on this window")));
    for (const auto& question : lesson.questions)
        EXPECT_TRUE(text.contains(QString::fromStdString(question.title))) << question.title;
    EXPECT_TRUE(text.contains(QStringLiteral("2. Where are the query, key and value")));
    // Hidden unit 0 by hand: the fake's W1[0, :] is (0.05, 0, …), b1[0] = −1.
    EXPECT_TRUE(text.contains(QStringLiteral("by hand")));

    QSignalSpy guide(panel, &ExplainPanel::guideRequested);
    auto* browser = panel->findChild<QTextBrowser*>();
    ASSERT_NE(browser, nullptr);
    emit browser->anchorClicked(QUrl(QStringLiteral("guide:q3")));
    ASSERT_EQ(guide.count(), 1);
    EXPECT_EQ(guide.at(0).at(0).toString(), QStringLiteral("q3"));
    auto* manual = window_->findChild<ManualDialog*>();
    ASSERT_NE(manual, nullptr) << "the main window opens the manual for the link";
    EXPECT_TRUE(manual->isVisible());
    EXPECT_EQ(manual->currentGuide(), QStringLiteral("explain.md"));
    manual->close();
}

// Question 7 on the user's own sweep: its findings in the answer, its chart under it, and a
// file that is not a report said so there, the earlier sweep kept.
TEST_F(ExplainPanelTest, AnswersQuestionSevenOnASavedSweep)
{
    using vigil::train::RunResult;
    std::vector<RunResult> runs;
    for (uint64_t seed : { 1, 2 })
        for (int64_t rows : { 1, 3 }) {
            RunResult run;
            run.shape = { 64, rows };
            run.seed = seed;
            run.auc = run.validationAuc = 0.8 + 0.05 * static_cast<double>(rows + seed);
            run.selectedStep = 10;
            run.steps = 40;
            runs.push_back(run);
        }
    const std::string dir = vigil::test::scratchDir("explain_sweep");
    vigil::train::writeReportJson(
        dir + "/model.report.json", "{}", runs, vigil::train::summarise(runs));
    ExplainPanel* panel = window_->explainPanel();
    window_->seek(130);
    ASSERT_TRUE(panel->text().contains(QStringLiteral("Open a saved sweep")));
    // The words are a link a click reaches.
    auto* browser = panel->findChild<QTextBrowser*>();
    ASSERT_NE(browser, nullptr);
    ASSERT_TRUE(browser->find(QStringLiteral("Open a saved sweep")));
    browser->ensureCursorVisible();
    const QRect words = browser->cursorRect();
    EXPECT_EQ(browser->anchorAt(words.center() - QPoint(words.width() / 2 + 8, 0)),
        QStringLiteral("sweep:open"));
    // The link asks for the file: a dialog, answered here as the user would.
    const QString report = QString::fromStdString(dir + "/model.report.json");
    bool wasAsked = false;
    QTimer poll;
    poll.setInterval(50);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        auto* name
            = dialog ? dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")) : nullptr;
        if (!dialog || !dialog->isVisible() || !name)
            return;
        wasAsked = true;
        poll.stop();
        name->setText(report); // typed, as a user does
        QMetaObject::invokeMethod(dialog, "accept");
    });
    poll.start();
    QTimer::singleShot(60000, [&] { // never hang: whatever is modal then is closed
        if (QWidget* modal = QApplication::activeModalWidget())
            modal->close();
    });
    emit browser->anchorClicked(QUrl(QStringLiteral("sweep:open")));
    EXPECT_TRUE(wasAsked);
    EXPECT_TRUE(panel->text().contains(QStringLiteral("Your sweep, model.report.json")));
    ASSERT_TRUE(panel->setSweepReport(report));
    ASSERT_TRUE(panel->lesson());
    const auto& answer = panel->lesson()->questions.at(6).paragraphs;
    ASSERT_GE(answer.size(), 3u);
    EXPECT_NE(
        answer[answer.size() - 3].find("Your sweep, model.report.json, 4 runs"), std::string::npos);
    EXPECT_TRUE(panel->text().contains(QStringLiteral("In 4 of its 4 validated runs")));

    std::ofstream(dir + "/bad.report.json") << "{}";
    EXPECT_FALSE(panel->setSweepReport(QString::fromStdString(dir + "/bad.report.json")));
    EXPECT_TRUE(panel->text().contains(QStringLiteral("not a training report")));
    EXPECT_TRUE(panel->text().contains(QStringLiteral("Your sweep, model.report.json")));
}

TEST(ManualDialog, ShowsEveryGuideCompiledIntoTheProgram)
{
    ManualDialog manual;
    for (const auto& [file, title] : manualGuides()) {
        SCOPED_TRACE(file.toStdString());
        EXPECT_TRUE(manual.showGuide(file));
        EXPECT_GT(manual.text().size(), 500);
    }
    manual.resize(900, 600);
    manual.show();
    auto* browser = manual.findChild<QTextBrowser*>();
    ASSERT_NE(browser, nullptr);
    EXPECT_TRUE(manual.showGuide(QStringLiteral("explain.md")));
    EXPECT_EQ(browser->verticalScrollBar()->value(), 0);
    EXPECT_TRUE(manual.showGuide(QStringLiteral("explain.md"), QStringLiteral("3.")));
    EXPECT_TRUE(manual.text().contains(QStringLiteral("Is tanh doing the job")));
    // Question 3's heading at the top of the view: the first line shown is its own.
    const QTextCursor top = browser->cursorForPosition(QPoint(4, 4));
    EXPECT_TRUE(top.block().text().startsWith(QStringLiteral("3.")))
        << top.block().text().toStdString();
    EXPECT_FALSE(manual.showGuide(QStringLiteral("nothing.md")));
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
